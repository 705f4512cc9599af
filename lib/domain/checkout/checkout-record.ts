import type { CheckoutRecordBody } from '@/lib/contract/checkout';
import { db } from '@/lib/db/client';
import type { Checkout as CheckoutRow } from '@/lib/generated/prisma/client';
import { DomainError, notFound } from '../../core/errors';
import { minorToMajor } from '../../core/money';
import { findBySecretToken } from '../../core/secret-tokens';

export type CheckoutStatus = CheckoutRecordBody['status'];

/**
 * An open checkout past its expiry reads as expired at once, before the expiry sweep stores it; except while the
 * buyer's delayed payment is on its way (the provider will say whether it succeeded).
 */
export function statusOf(checkout: Pick<CheckoutRow, 'status' | 'expiresAt' | 'awaitingPaymentSince'>, now = new Date()): CheckoutStatus {
  if (checkout.status === 'open' && checkout.expiresAt <= now && !checkout.awaitingPaymentSince) return 'expired';
  return checkout.status as CheckoutStatus;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A checkout as /v1/checkout/{token} shows it; `reportToken` is its report's, once the purchase created one. */
export function checkoutRecordOf(checkout: CheckoutRow, reportToken: string | null, now = new Date()): CheckoutRecordBody {
  return {
    token: checkout.token,
    status: statusOf(checkout, now),
    serviceId: checkout.serviceId,
    serviceName: checkout.serviceName,
    amount: minorToMajor(checkout.amountMinor),
    currency: checkout.currency,
    createdAt: checkout.createdAt.toISOString(),
    expiresAt: checkout.expiresAt.toISOString(),
    completedAt: iso(checkout.completedAt),
    cancelledAt: iso(checkout.cancelledAt),
    failedAt: iso(checkout.failedAt),
    reportUrl: reportToken ? `/v1/reports/${reportToken}` : null,
  };
}

export async function getCheckout(token: string): Promise<CheckoutRecordBody> {
  const checkout = await findBySecretToken(
    token,
    (tokenDigest) => db.checkout.findUnique({ where: { tokenDigest }, include: { report: { select: { token: true } } } }),
    (row) => row.tokenDigest,
  );
  // The token is the secret: it is not echoed, and every unknown one gets these same words.
  if (!checkout) throw new DomainError('NOT_FOUND', 'No checkout has this token. Check the link you were given.');
  return checkoutRecordOf(checkout, checkout.report?.token ?? null);
}

/** The checkout behind a provider's session; unknown sessions, and sessions of another provider, are not found. */
export async function checkoutRowForSession(provider: string, sessionId: string): Promise<CheckoutRow> {
  const checkout = await db.checkout.findUnique({ where: { providerSessionId: sessionId } });
  if (!checkout || checkout.provider !== provider) throw notFound('Payment session', sessionId);
  return checkout;
}

/** For the provider's hosted page: the checkout record, where its payment page is, and the buyer's address if known. */
export async function checkoutForSession(provider: string, sessionId: string) {
  const checkout = await checkoutRowForSession(provider, sessionId);
  return { ...(await getCheckout(checkout.token)), paymentUrl: checkout.paymentUrl, buyerEmail: checkout.buyerEmail };
}
