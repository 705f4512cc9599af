import type { CheckoutRecordBody } from '@/lib/contract/checkout';
import { db } from '@/lib/db/client';
import { componentLogger } from '@/lib/observability/logger.mjs';
import { metrics } from '@/lib/observability/metrics.mjs';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { queueReport } from '../reports/queue-report';
import type { Buyer } from '../mail/checkout-mail';
import { buyerFields, enqueueCheckoutReceipt } from '../mail/checkout-mail';
import { loadMailSettings } from '../mail/mail-settings';
import { checkoutRowForSession, getCheckout, statusOf } from './checkout-record';
import { countCheckoutStep } from '../analytics/conversions';
import { recordCheckoutEvent } from '../webhooks/record-change';

/*
 * What a payment provider reports about a session, applied to its checkout. Each function is idempotent: providers
 * repeat their notices, and a repeated notice changes nothing.
 */

/**
 * The session was paid. The provider's word that money moved completes the checkout whatever it shows here:
 * a delayed payment can succeed after the checkout's expiry, and the buyer must get what they paid for. Completing
 * an audit creates its report record, queued (and the website audit's job), and a buyer whose address is known gets a
 * receipt, all in the same transaction. `buyer` is what the provider collected (Stripe's customer_details, the sandbox
 * page's field).
 */
export async function completeCheckout(provider: string, sessionId: string, now = new Date(), buyer?: Buyer): Promise<CheckoutRecordBody> {
  const checkout = await checkoutRowForSession(provider, sessionId);
  if (checkout.status !== 'complete') {
    const service = await db.service.findUnique({ where: { id: checkout.serviceId }, select: { deliversReport: true } });
    const settings = await loadMailSettings(now);
    const completed = await transactionWithJobs(async (tx, jobs) => {
      const updated = await tx.checkout.updateMany({
        where: { token: checkout.token, status: { not: 'complete' } },
        data: { status: 'complete', completedAt: now, awaitingPaymentSince: null, ...buyerFields(buyer) },
      });
      // A repeated notice, or one racing this one, finds the checkout complete: one report, one receipt.
      if (updated.count !== 1) return false;
      const reportToken = service?.deliversReport ? await queueReport(tx, jobs, checkout, now) : null;
      const paid = await tx.checkout.findUniqueOrThrow({ where: { token: checkout.token } });
      await enqueueCheckoutReceipt(tx, jobs, paid, { paidAt: now, reportToken, settings });
      await recordCheckoutEvent(tx, jobs, 'checkout.completed', checkout.token, now);
      return true;
    });
    if (completed) {
      await countCheckoutStep('checkout_completed', checkout.token, { amountMinor: checkout.amountMinor, currency: checkout.currency }, now);
      metrics().checkoutsCompleted.inc({ provider });
      // The checkout's token is a secret (it opens the checkout's page): the log names the provider's session instead.
      componentLogger('checkout').info({ provider, sessionId, serviceId: checkout.serviceId }, `checkout paid (${provider} session ${sessionId})`);
    }
  }
  return getCheckout(checkout.token);
}

/**
 * The buyer finished the provider's page with a delayed payment method (bank debit): not paid yet, but no longer
 * abandoned either, so it must not expire while the bank decides. A sweep that expired it a moment before this
 * notice arrived is undone.
 */
export async function awaitDelayedPayment(provider: string, sessionId: string, now = new Date(), buyer?: Buyer): Promise<CheckoutRecordBody> {
  const checkout = await checkoutRowForSession(provider, sessionId);
  await db.checkout.updateMany({
    where: { token: checkout.token, status: { in: ['open', 'expired'] }, awaitingPaymentSince: null },
    // The address comes with this notice; the one that says the money arrived may come days later without it.
    data: { status: 'open', awaitingPaymentSince: now, ...buyerFields(buyer) },
  });
  return getCheckout(checkout.token);
}

/** The delayed payment failed: the checkout is closed as `failed`. */
export async function failCheckout(provider: string, sessionId: string, now = new Date()): Promise<CheckoutRecordBody> {
  const checkout = await checkoutRowForSession(provider, sessionId);
  await transactionWithJobs(async (tx, jobs) => {
    const { count } = await tx.checkout.updateMany({
      where: { token: checkout.token, status: { in: ['open', 'expired'] } },
      data: { status: 'failed', failedAt: now },
    });
    if (count === 1) await recordCheckoutEvent(tx, jobs, 'checkout.failed', checkout.token, now);
  });
  return getCheckout(checkout.token);
}

/** The provider closed the session unpaid at its expiry. */
export async function expireCheckout(provider: string, sessionId: string, now = new Date()): Promise<CheckoutRecordBody> {
  const checkout = await checkoutRowForSession(provider, sessionId);
  await transactionWithJobs(async (tx, jobs) => {
    const { count } = await tx.checkout.updateMany({
      where: { token: checkout.token, status: 'open', awaitingPaymentSince: null },
      data: { status: 'expired' },
    });
    if (count === 1) await recordCheckoutEvent(tx, jobs, 'checkout.expired', checkout.token, now);
  });
  return getCheckout(checkout.token);
}

/** The buyer abandoned payment on the provider's page. */
export async function cancelCheckout(provider: string, sessionId: string, now = new Date()): Promise<CheckoutRecordBody> {
  const checkout = await checkoutRowForSession(provider, sessionId);
  if (statusOf(checkout, now) === 'open') {
    await db.checkout.updateMany({ where: { token: checkout.token, status: 'open' }, data: { status: 'cancelled', cancelledAt: now } });
  }
  return getCheckout(checkout.token);
}
