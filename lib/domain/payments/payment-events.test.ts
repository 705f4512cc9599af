import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { checkoutSessionEvent } from '@/test-support/stripe/stripe-events';
import { getServiceDetail } from '../catalogue/catalogue';
import { getCheckout } from '../checkout';
import { startCheckout } from '../checkout/start-checkout';
import { processPaymentEvent, recordPaymentEvent } from './payment-events';

/** A checkout as the Stripe provider would have created it (the session id is Stripe's). */
async function stripeCheckout() {
  const { purchaseDigest } = await getServiceDetail('buffer-board-starter-kit');
  const { token } = await startCheckout('buffer-board-starter-kit', { purchaseDigest, buyerInputs: {} });
  const sessionId = `cs_test_${token.slice(0, 16)}`;
  await db.checkout.update({ where: { token }, data: { provider: 'stripe', providerSessionId: sessionId } });
  return { token, sessionId };
}

const record = (event: ReturnType<typeof checkoutSessionEvent>) =>
  recordPaymentEvent({ provider: 'stripe', eventId: event.id, type: event.type, sessionId: event.data.object.id, payload: event });

describe('payment events', () => {
  it('records an event and its processing job together, once per event id, even when deliveries race', async () => {
    const { sessionId } = await stripeCheckout();
    const event = checkoutSessionEvent('checkout.session.completed', { id: sessionId });
    const results = await Promise.all([record(event), record(event), record(event)]);
    expect(results.sort()).toEqual(['duplicate', 'duplicate', 'recorded']);
    expect(await db.paymentEvent.count({ where: { eventId: event.id } })).toBe(1);
    const jobs = await db.job.findMany({ where: { type: 'payments.process-event' } });
    expect(jobs.filter((job) => (job.payload as { eventId: string }).eventId === event.id)).toHaveLength(1);
  });

  it('applies an event once and notes the outcome; running the job again changes nothing', async () => {
    const { token, sessionId } = await stripeCheckout();
    const event = checkoutSessionEvent('checkout.session.completed', { id: sessionId, payment_status: 'paid' });
    await record(event);
    const now = new Date('2026-03-14T10:00:00Z');
    expect(await processPaymentEvent('stripe', event.id, now)).toBe('paid');
    expect(await getCheckout(token)).toMatchObject({ status: 'complete', completedAt: now.toISOString() });
    expect(await processPaymentEvent('stripe', event.id, new Date('2026-03-15T10:00:00Z'))).toBe('paid');
    expect(await db.paymentEvent.findUniqueOrThrow({ where: { provider_eventId: { provider: 'stripe', eventId: event.id } } })).toMatchObject({
      processedAt: now,
      outcome: 'paid',
    });
  });

  it('ignores an event about a session this site did not create, without failing the job', async () => {
    const event = checkoutSessionEvent('checkout.session.completed', { id: 'cs_test_from_another_integration' });
    await record(event);
    expect(await processPaymentEvent('stripe', event.id)).toBe('ignored: no checkout for session cs_test_from_another_integration');
  });

  it('refuses to process an event that was never recorded', async () => {
    await expect(processPaymentEvent('stripe', 'evt_never_seen')).rejects.toThrow('Payment event stripe/evt_never_seen is not recorded.');
  });
});
