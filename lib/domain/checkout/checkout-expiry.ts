import { db } from '@/lib/db/client';
import { paymentProviderNamed } from '@/lib/payments';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { recordCheckoutEvent } from '../webhooks/record-change';

/** One sweep handles at most this many; the next sweep, a minute later, takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Stores `expired` on open checkouts past their expiry (they already read as expired) and, for a real provider,
 * enqueues closing its session in the same transaction, so a buyer holding the old payment link cannot pay.
 */
export async function expireOverdueCheckouts(now: Date): Promise<number> {
  const overdue = await db.checkout.findMany({
    where: { status: 'open', expiresAt: { lte: now }, awaitingPaymentSince: null },
    select: { token: true, provider: true },
    orderBy: { expiresAt: 'asc' },
    take: SWEEP_BATCH,
  });
  if (overdue.length === 0) return 0;
  return transactionWithJobs(async (tx, jobs) => {
    let expired = 0;
    for (const checkout of overdue) {
      const { count } = await tx.checkout.updateMany({
        where: { token: checkout.token, status: 'open', awaitingPaymentSince: null },
        data: { status: 'expired' },
      });
      expired += count;
      if (count === 1) await recordCheckoutEvent(tx, jobs, 'checkout.expired', checkout.token, now);
      if (count === 1 && checkout.provider !== 'sandbox') {
        await jobs.enqueue({ type: 'payments.expire-session', payload: { checkoutToken: checkout.token }, runAt: now });
      }
    }
    return expired;
  });
}

/** Closes the provider's session of an expired checkout; a session the buyer paid in the meantime is left alone. */
export async function expireProviderSession(checkoutToken: string): Promise<'expired' | 'skipped'> {
  const checkout = await db.checkout.findUnique({ where: { token: checkoutToken }, select: { status: true, provider: true, providerSessionId: true } });
  if (!checkout || checkout.status !== 'expired') return 'skipped';
  await paymentProviderNamed(checkout.provider).expireSession(checkout.providerSessionId);
  return 'expired';
}
