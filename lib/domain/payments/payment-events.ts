import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { PaymentNotice, StripeEventLike } from '@/lib/payments/stripe-events';
import { interpretStripeEvent } from '@/lib/payments/stripe-events';
import { awaitDelayedPayment, completeCheckout, expireCheckout, failCheckout } from '../checkout';
import { isUniqueViolation } from '../../db/db-errors';
import { DomainError } from '../../core/errors';
import { PermanentJobError } from '../../jobs/job-errors';
import { transactionWithJobs } from '../../jobs/job-transaction';

export interface IncomingPaymentEvent {
  provider: 'stripe';
  eventId: string;
  type: string;
  sessionId: string;
  payload: unknown;
}

/**
 * Records a verified provider event and enqueues its processing in one transaction, so once the provider has its
 * 2xx nothing can be lost. An event id is recorded once: a redelivery, or a second delivery racing the first,
 * finds it already there and changes nothing.
 */
export async function recordPaymentEvent(event: IncomingPaymentEvent): Promise<'recorded' | 'duplicate'> {
  try {
    await transactionWithJobs(async (tx, jobs) => {
      await tx.paymentEvent.create({
        data: {
          provider: event.provider,
          eventId: event.eventId,
          type: event.type,
          sessionId: event.sessionId,
          payload: event.payload as Prisma.InputJsonValue,
        },
      });
      await jobs.enqueue({ type: 'payments.process-event', payload: { provider: event.provider, eventId: event.eventId } });
    });
    return 'recorded';
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

const APPLY: Record<PaymentNotice['outcome'], (provider: string, sessionId: string, now: Date, buyer?: PaymentNotice['buyer']) => Promise<unknown>> = {
  paid: completeCheckout,
  'awaiting-payment': awaitDelayedPayment,
  'payment-failed': failCheckout,
  expired: expireCheckout,
};

/** The job behind a recorded event: applies it to its checkout once, and notes what it did for staff. */
export async function processPaymentEvent(provider: 'stripe', eventId: string, now = new Date()): Promise<string> {
  const event = await db.paymentEvent.findUnique({ where: { provider_eventId: { provider, eventId } } });
  if (!event) throw new PermanentJobError(`Payment event ${provider}/${eventId} is not recorded.`);
  if (event.processedAt) return event.outcome ?? 'processed';
  // The whole verified event is stored, so it is read again here exactly as it arrived.
  const notice = interpretStripeEvent(event.payload as unknown as StripeEventLike);
  let outcome: string;
  if (!notice) {
    outcome = 'ignored: not an event this site acts on';
  } else {
    try {
      await APPLY[notice.outcome](provider, notice.sessionId, now, notice.buyer);
      outcome = notice.outcome;
    } catch (error) {
      // A session this site did not create (another integration on the same Stripe account) is not ours to act on.
      if (!(error instanceof DomainError && error.code === 'NOT_FOUND')) throw error;
      outcome = `ignored: no checkout for session ${notice.sessionId}`;
    }
  }
  await db.paymentEvent.update({ where: { provider_eventId: { provider, eventId } }, data: { processedAt: now, outcome } });
  return outcome;
}
