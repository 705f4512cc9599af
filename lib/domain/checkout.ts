import { config } from '@/lib/config';
import type { CheckoutRecordBody, CheckoutRequestInput, CheckoutSessionBody } from '@/lib/contract/checkout';
import { db } from '@/lib/db/client';
import type { Checkout as CheckoutRow } from '@/lib/generated/prisma/client';
import { paymentProvider } from '@/lib/payments';
import { validateBuyerInputs } from './buyer-input-validation';
import { contentSnapshot, invalidateContentSnapshot } from './content/snapshot';
import { DomainError, InputValidationError, notFound } from './errors';
import { minorToMajor } from './money';
import { offerOf } from './offer';
import { randomToken } from './tokens';

const CHECKOUT_LIFETIME_MS = 24 * 3_600_000;
const BOOKING_PATH = '/v1/availability/book';

/**
 * Starts a self-serve purchase: checks the service is sold by checkout, that the buyer saw the current
 * offer (purchaseDigest) and that the inputs satisfy the published buyerInputSchema; then records the
 * checkout and asks the payment provider for a hosted payment page.
 */
export async function startCheckout(serviceId: string, request: CheckoutRequestInput): Promise<CheckoutSessionBody> {
  const { content } = await contentSnapshot();
  if (!content.servicesById.has(serviceId)) throw notFound('Service', serviceId);
  // The offer is read live: a price published a moment ago must already refuse the old digest.
  const service = await db.service.findUnique({ where: { id: serviceId } });
  if (!service || service.status !== 'published') throw notFound('Service', serviceId);

  if (service.ctaType !== 'stripe') {
    throw new DomainError(
      'CHECKOUT_NOT_AVAILABLE',
      `${service.name} is not sold through checkout; it starts with a consultation. Book one with POST ${BOOKING_PATH}.`,
      { bookingUrl: BOOKING_PATH },
    );
  }
  const offer = offerOf(service);
  if (request.purchaseDigest !== offer.purchaseDigest) {
    // The client will refetch the service next: make sure this instance's snapshot already has the new offer.
    if (content.servicesById.get(serviceId)?.purchaseDigest !== offer.purchaseDigest) invalidateContentSnapshot();
    throw new DomainError('OFFER_CHANGED', `The offer for ${service.name} has changed. Read the service again and retry with its purchaseDigest.`, {
      purchaseDigest: offer.purchaseDigest,
    });
  }
  const problems = validateBuyerInputs(offer.buyerInputSchema, offer.purchaseDigest, request.buyerInputs);
  if (problems.length > 0) throw new InputValidationError(problems);

  const token = randomToken(32);
  const siteUrl = config().SITE_URL;
  const provider = paymentProvider();
  const session = await provider.createSession({
    amountMinor: service.priceMinor,
    currency: service.currency,
    description: service.name,
    successUrl: `${siteUrl}/checkout/${token}`,
    cancelUrl: `${siteUrl}/checkout/${token}`,
    metadata: { checkoutToken: token, serviceId: service.id },
    idempotencyKey: token,
  });
  const checkout = await db.checkout.create({
    data: {
      token,
      serviceId: service.id,
      serviceName: service.name,
      amountMinor: service.priceMinor,
      currency: service.currency,
      purchaseDigest: offer.purchaseDigest,
      buyerInputs: request.buyerInputs as object,
      provider: provider.name,
      providerSessionId: session.sessionId,
      paymentUrl: session.url,
      expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
    },
  });
  return {
    token,
    checkoutUrl: session.url,
    statusUrl: `/v1/checkout/${token}`,
    status: 'open',
    expiresAt: checkout.expiresAt.toISOString(),
    amount: minorToMajor(checkout.amountMinor),
    currency: checkout.currency,
    serviceId: checkout.serviceId,
  };
}

/** `expired` is not stored: an open checkout past its expiry is expired. */
function statusOf(checkout: CheckoutRow, now = new Date()): CheckoutRecordBody['status'] {
  if (checkout.status === 'open' && checkout.expiresAt <= now) return 'expired';
  return checkout.status as CheckoutRecordBody['status'];
}

export async function getCheckout(token: string): Promise<CheckoutRecordBody> {
  const checkout = await db.checkout.findUnique({ where: { token }, include: { report: { select: { token: true } } } });
  if (!checkout) throw notFound('Checkout', token);
  return {
    token: checkout.token,
    status: statusOf(checkout),
    serviceId: checkout.serviceId,
    serviceName: checkout.serviceName,
    amount: minorToMajor(checkout.amountMinor),
    currency: checkout.currency,
    createdAt: checkout.createdAt.toISOString(),
    expiresAt: checkout.expiresAt.toISOString(),
    completedAt: checkout.completedAt?.toISOString() ?? null,
    cancelledAt: checkout.cancelledAt?.toISOString() ?? null,
    reportUrl: checkout.report ? `/v1/reports/${checkout.report.token}` : null,
  };
}

/** The checkout behind a provider session, for the provider's hosted page and its callbacks. */
export async function checkoutForSession(provider: string, sessionId: string) {
  const checkout = await db.checkout.findUnique({ where: { providerSessionId: sessionId } });
  if (!checkout || checkout.provider !== provider) throw notFound('Payment session', sessionId);
  return { ...(await getCheckout(checkout.token)), paymentUrl: checkout.paymentUrl };
}

/**
 * The provider reports a paid session. Completing is idempotent (a repeated notice changes nothing);
 * for audits it creates the report record, queued until the findings are produced.
 */
export async function completeCheckout(provider: string, sessionId: string): Promise<CheckoutRecordBody> {
  const checkout = await db.checkout.findUnique({ where: { providerSessionId: sessionId } });
  if (!checkout || checkout.provider !== provider) throw notFound('Payment session', sessionId);
  const status = statusOf(checkout);
  if (status === 'complete') return getCheckout(checkout.token);
  if (status !== 'open') throw new DomainError('CHECKOUT_CLOSED', `This checkout is ${status} and can no longer be paid.`, { status });
  const service = await db.service.findUnique({ where: { id: checkout.serviceId }, select: { deliversReport: true } });
  await db.$transaction(async (tx) => {
    const updated = await tx.checkout.updateMany({
      where: { token: checkout.token, status: 'open' },
      data: { status: 'complete', completedAt: new Date() },
    });
    if (updated.count === 1 && service?.deliversReport) {
      await tx.report.create({ data: { token: randomToken(32), checkoutToken: checkout.token, serviceId: checkout.serviceId } });
    }
  });
  return getCheckout(checkout.token);
}

/** The buyer abandons payment on the provider's page. */
export async function cancelCheckout(provider: string, sessionId: string): Promise<CheckoutRecordBody> {
  const checkout = await db.checkout.findUnique({ where: { providerSessionId: sessionId } });
  if (!checkout || checkout.provider !== provider) throw notFound('Payment session', sessionId);
  if (statusOf(checkout) === 'open') {
    await db.checkout.updateMany({ where: { token: checkout.token, status: 'open' }, data: { status: 'cancelled', cancelledAt: new Date() } });
  }
  return getCheckout(checkout.token);
}
