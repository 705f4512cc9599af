import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { checkoutSessionEvent } from '@/test-support/stripe/stripe-events';
import { storedMessages } from '@/test-support/mail/stored-messages';
import { getServiceDetail } from '../catalogue/catalogue';
import { awaitDelayedPayment, completeCheckout } from '../checkout';
import { startCheckout } from '../checkout/start-checkout';
import { processPaymentEvent, recordPaymentEvent } from '../payments/payment-events';

const PAID_AT = new Date('2026-11-20T16:05:00Z');
const AUDIT_INPUTS = { url_to_audit: 'https://northgate.example/offer', responsibility_acknowledged: true };

async function openCheckout(serviceId: string, buyerInputs: Record<string, unknown> = {}) {
  const { purchaseDigest } = await getServiceDetail(serviceId);
  const { token } = await startCheckout(serviceId, { purchaseDigest, buyerInputs });
  const { providerSessionId } = await db.checkout.findUniqueOrThrow({ where: { token } });
  return { token, sessionId: providerSessionId };
}

const receiptsOf = (token: string) => storedMessages({ type: 'checkout', id: token });

beforeEach(async () => {
  await db.outboxMessage.deleteMany();
});

describe('the checkout receipt', () => {
  it('goes to the address given at payment, once, in the transaction that completes the checkout, with the report link', async () => {
    const { token, sessionId } = await openCheckout('website-offer-audit', AUDIT_INPUTS);
    await Promise.all([
      completeCheckout('sandbox', sessionId, PAID_AT, { email: 'lena@northgate.example', name: 'Lena Park' }),
      completeCheckout('sandbox', sessionId, PAID_AT, { email: 'lena@northgate.example', name: 'Lena Park' }),
    ]);
    const report = await db.report.findUniqueOrThrow({ where: { checkoutToken: token } });
    const [receipt, ...more] = await receiptsOf(token);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ kind: 'checkout-receipt', status: 'queued', recipients: ['lena@northgate.example'] });
    expect(receipt!.message.to).toEqual([{ name: 'Lena Park', address: 'lena@northgate.example' }]);
    expect(receipt!.message.subject).toBe('Receipt: Website Offer Constraint Audit, $590.00');
    expect(receipt!.message.text).toContain(`http://localhost:3000/checkout/${token}`);
    expect(receipt!.message.text).toContain(`http://localhost:3000/reports/${report.token}`);
    expect(await db.checkout.findUniqueOrThrow({ where: { token } })).toMatchObject({ buyerEmail: 'lena@northgate.example', buyerName: 'Lena Park' });
  });

  it('is not sent without an address, nor to a string that is not one mailbox', async () => {
    const silent = await openCheckout('constraint-snapshot');
    await completeCheckout('sandbox', silent.sessionId, PAID_AT);
    const odd = await openCheckout('constraint-snapshot');
    await completeCheckout('sandbox', odd.sessionId, PAID_AT, { email: 'a@b.example, c@d.example' });
    expect(await receiptsOf(silent.token)).toEqual([]);
    expect(await receiptsOf(odd.token)).toEqual([]);
    expect((await db.checkout.findUniqueOrThrow({ where: { token: odd.token } })).buyerEmail).toBeNull();
  });

  it('uses the email Stripe collected, kept from the "awaiting payment" notice until the money arrives', async () => {
    const { token } = await openCheckout('buffer-board-starter-kit');
    const stripeSession = `cs_test_${token.slice(0, 16)}`;
    await db.checkout.update({ where: { token }, data: { provider: 'stripe', providerSessionId: stripeSession } });
    await awaitDelayedPayment('stripe', stripeSession, PAID_AT, { email: 'ap@northgate.example', name: null });
    const succeeded = checkoutSessionEvent('checkout.session.async_payment_succeeded', { id: stripeSession, customer_details: null });
    await recordPaymentEvent({ provider: 'stripe', eventId: succeeded.id, type: succeeded.type, sessionId: stripeSession, payload: succeeded });
    expect(await processPaymentEvent('stripe', succeeded.id, PAID_AT)).toBe('paid');
    const [receipt] = await receiptsOf(token);
    expect(receipt).toMatchObject({ kind: 'checkout-receipt', recipients: ['ap@northgate.example'] });
    expect(receipt!.message.text).not.toContain('/reports/');
  });

  it('takes the address from a completed-session event of Stripe', async () => {
    const { token } = await openCheckout('buffer-board-starter-kit');
    const stripeSession = `cs_test_${token.slice(0, 16)}`;
    await db.checkout.update({ where: { token }, data: { provider: 'stripe', providerSessionId: stripeSession } });
    const completed = checkoutSessionEvent('checkout.session.completed', {
      id: stripeSession,
      customer_details: { email: 'ops@northgate.example', name: 'Ops Desk' },
    });
    await recordPaymentEvent({ provider: 'stripe', eventId: completed.id, type: completed.type, sessionId: stripeSession, payload: completed });
    await processPaymentEvent('stripe', completed.id, PAID_AT);
    expect((await receiptsOf(token)).map((m) => [m.kind, m.message.to])).toEqual([
      ['checkout-receipt', [{ name: 'Ops Desk', address: 'ops@northgate.example' }]],
    ]);
  });
});
