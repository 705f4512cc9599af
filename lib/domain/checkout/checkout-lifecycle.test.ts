import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { getServiceDetail } from '../catalogue/catalogue';
import { expireOverdueCheckouts } from './checkout-expiry';
import { getCheckout } from './checkout-record';
import { awaitDelayedPayment, cancelCheckout, completeCheckout, expireCheckout, failCheckout } from './payment-outcomes';
import { startCheckout } from './start-checkout';

const T0 = new Date('2026-03-08T23:30:00.250Z'); // a Sunday night, on purpose
const hours = (n: number) => new Date(T0.getTime() + n * 3_600_000);

async function openCheckout(serviceId = 'constraint-snapshot', buyerInputs: Record<string, unknown> = {}) {
  const { purchaseDigest } = await getServiceDetail(serviceId);
  const session = await startCheckout(serviceId, { purchaseDigest, buyerInputs }, T0);
  const row = await db.checkout.findUniqueOrThrow({ where: { token: session.token } });
  return { token: session.token, sessionId: row.providerSessionId };
}

beforeEach(async () => {
  await db.job.deleteMany();
});

describe('checkout expiry', () => {
  it('holds a checkout 24 hours, to the whole second, and reads it as expired from then on', async () => {
    const { token } = await openCheckout();
    const row = await db.checkout.findUniqueOrThrow({ where: { token } });
    expect(row.expiresAt).toEqual(new Date('2026-03-09T23:30:00.000Z'));
    expect(await expireOverdueCheckouts(new Date(row.expiresAt.getTime() - 1))).toBe(0);
    expect(await expireOverdueCheckouts(row.expiresAt)).toBe(1);
    expect((await db.checkout.findUniqueOrThrow({ where: { token } })).status).toBe('expired');
    expect(await expireOverdueCheckouts(hours(48))).toBe(0);
  });

  it("closes the provider's session of a real provider through a job, in the same transaction", async () => {
    const { token } = await openCheckout();
    await db.checkout.update({ where: { token }, data: { provider: 'stripe' } });
    await expireOverdueCheckouts(hours(25));
    const jobs = await db.job.findMany({ where: { type: 'payments.expire-session' } });
    expect(jobs.map((job) => job.payload)).toEqual([{ checkoutToken: token }]);
  });

  it('does not expire a checkout whose delayed payment is on its way', async () => {
    const { token, sessionId } = await openCheckout();
    await awaitDelayedPayment('sandbox', sessionId, hours(1));
    await expireOverdueCheckouts(hours(30));
    expect((await getCheckout(token)).status).toBe('open');
  });
});

describe('what the provider reports', () => {
  it('completes a paid checkout once, and creates one queued report for an audit', async () => {
    const { token, sessionId } = await openCheckout('website-offer-audit', {
      responsibility_acknowledged: true,
      url_to_audit: 'https://ridgeline.example/offer',
    });
    await Promise.all([completeCheckout('sandbox', sessionId, hours(1)), completeCheckout('sandbox', sessionId, hours(1))]);
    await completeCheckout('sandbox', sessionId, hours(2));
    const record = await getCheckout(token);
    expect(record).toMatchObject({ status: 'complete', completedAt: hours(1).toISOString() });
    expect(await db.report.findMany({ where: { checkoutToken: token } })).toHaveLength(1);
  });

  it('completes a checkout the provider was paid for even after it expired here', async () => {
    const { token, sessionId } = await openCheckout();
    await expireOverdueCheckouts(hours(25));
    expect((await completeCheckout('sandbox', sessionId, hours(26))).status).toBe('complete');
    expect((await getCheckout(token)).completedAt).toBe(hours(26).toISOString());
  });

  it('reopens a checkout expired a moment before the notice that its delayed payment is on its way', async () => {
    const { token, sessionId } = await openCheckout();
    await expireOverdueCheckouts(hours(24.01));
    await awaitDelayedPayment('sandbox', sessionId, hours(24.02));
    expect((await getCheckout(token)).status).toBe('open');
    await failCheckout('sandbox', sessionId, hours(72));
    expect(await getCheckout(token)).toMatchObject({ status: 'failed', failedAt: hours(72).toISOString(), completedAt: null });
  });

  it('marks a session the provider closed unpaid as expired, and never overwrites a completed checkout', async () => {
    const open = await openCheckout();
    expect((await expireCheckout('sandbox', open.sessionId)).status).toBe('expired');
    const paid = await openCheckout();
    await completeCheckout('sandbox', paid.sessionId, hours(1));
    expect((await expireCheckout('sandbox', paid.sessionId)).status).toBe('complete');
    expect((await failCheckout('sandbox', paid.sessionId)).status).toBe('complete');
    expect((await cancelCheckout('sandbox', paid.sessionId)).status).toBe('complete');
  });

  it('knows no session of another provider', async () => {
    const { sessionId } = await openCheckout();
    await expect(completeCheckout('stripe', sessionId)).rejects.toThrow(`Payment session '${sessionId}' was not found.`);
  });
});
