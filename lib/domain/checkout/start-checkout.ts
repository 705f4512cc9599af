import { config } from '@/lib/config';
import type { CheckoutRequestInput, CheckoutSessionBody } from '@/lib/contract/checkout';
import { db } from '@/lib/db/client';
import { paymentProvider, PaymentProviderError } from '@/lib/payments';
import type { PaymentSession } from '@/lib/payments';
import { validateBuyerInputs } from '../catalogue/buyer-input-validation';
import { contentSnapshot, invalidateContentSnapshot } from '../content/snapshot';
import { DomainError, InputValidationError, notFound } from '../../core/errors';
import { minorToMajor } from '../../core/money';
import { offerOf } from '../catalogue/offer';
import { newSecretToken } from '../../core/secret-tokens';
import { countVisitorConversion } from '../analytics/conversions';
import { componentLogger } from '@/lib/observability/logger.mjs';
import { metrics } from '@/lib/observability/metrics.mjs';

export const CHECKOUT_LIFETIME_MS = 24 * 3_600_000;
const BOOKING_PATH = '/v1/availability/book';

/** On a whole second: providers (Stripe) take expiry times in seconds, and both sides must agree on it. */
function expiryFrom(now: Date): Date {
  return new Date(Math.floor((now.getTime() + CHECKOUT_LIFETIME_MS) / 1000) * 1000);
}

/** The provider's key for this checkout's session: a retry of the same request can never make a second session. */
export function providerIdempotencyKey(checkoutToken: string): string {
  return `checkout-session:${checkoutToken}`;
}

/**
 * Starts a self-serve purchase: checks the service is sold by checkout, that the buyer saw the current offer
 * (purchaseDigest) and that the inputs satisfy the published buyerInputSchema; then asks the payment provider
 * for a hosted payment page and records the checkout. The record is written only once the page exists, so no
 * checkout is ever open without somewhere to pay.
 */
export async function startCheckout(serviceId: string, request: CheckoutRequestInput, now = new Date()): Promise<CheckoutSessionBody> {
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
  const problems = await validateBuyerInputs(offer.buyerInputSchema, offer.purchaseDigest, request.buyerInputs);
  if (problems.length > 0) throw new InputValidationError(problems);

  const { token, digest } = newSecretToken();
  const expiresAt = expiryFrom(now);
  const siteUrl = config().SITE_URL;
  const provider = paymentProvider();
  let session: PaymentSession;
  try {
    session = await provider.createSession({
      reference: token,
      amountMinor: service.priceMinor,
      currency: service.currency,
      description: service.name,
      successUrl: `${siteUrl}/checkout/${token}`,
      cancelUrl: `${siteUrl}/checkout/${token}`,
      expiresAt,
      metadata: { checkoutToken: token, serviceId: service.id },
      idempotencyKey: providerIdempotencyKey(token),
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    componentLogger('checkout').error({ err: error, serviceId: service.id, provider: provider.name }, `checkout of ${service.id}: the payment provider failed`);
    throw new DomainError(
      'PAYMENT_PROVIDER_UNAVAILABLE',
      'The payment provider could not be reached to create your payment page. Nothing was charged; please try again in a minute.',
    );
  }
  const checkout = await db.checkout.create({
    data: {
      token,
      tokenDigest: digest,
      serviceId: service.id,
      serviceName: service.name,
      amountMinor: service.priceMinor,
      currency: service.currency,
      purchaseDigest: offer.purchaseDigest,
      buyerInputs: request.buyerInputs as object,
      provider: provider.name,
      providerSessionId: session.sessionId,
      paymentUrl: session.url,
      createdAt: now,
      expiresAt,
    },
  });
  await countVisitorConversion(
    'checkout_started',
    { checkoutToken: token, serviceId: service.id, amountMinor: service.priceMinor, currency: service.currency },
    now,
  );
  metrics().checkoutsStarted.inc({ provider: provider.name });
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
