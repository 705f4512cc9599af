import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { getServiceDetail } from '../catalogue/catalogue';
import { insightItemOf } from '../content/rows/insight-rows';
import { serviceItemOf } from '../content/rows/service-rows';
import { saveDraft } from './drafts';
import { publishImpact } from './publish-impact';
import { publishDraft } from './publishing';
import { staffMember } from '../../../test-support/content-workflow-fixtures';

const editor = staffMember('marketing', 'Ian Impact');
const now = new Date('2026-11-20T12:00:00Z');
const HOUR = 60 * 60_000;

async function checkout(token: string, fields: { purchaseDigest: string; status?: string; expiresAt: Date; awaitingPaymentSince?: Date }) {
  await db.checkout.create({
    data: {
      token,
      serviceId: 'constraint-snapshot',
      serviceName: 'Constraint Snapshot',
      amountMinor: 145000,
      currency: 'USD',
      buyerInputs: {},
      provider: 'sandbox',
      providerSessionId: `session-${token}`,
      paymentUrl: `http://localhost/pay/${token}`,
      status: 'open',
      ...fields,
    },
  });
}

describe('impact before publishing', () => {
  it('tells whether a service draft changes the offer, shows both prices, and counts checkouts open on the old offer', async () => {
    const live = await getServiceDetail('constraint-snapshot');
    await checkout('open-now', { purchaseDigest: live.purchaseDigest, expiresAt: new Date(now.getTime() + HOUR) });
    await checkout('awaiting-bank', {
      purchaseDigest: live.purchaseDigest,
      expiresAt: new Date(now.getTime() - HOUR),
      awaitingPaymentSince: new Date(now.getTime() - 2 * HOUR),
    });
    await checkout('open-expired', { purchaseDigest: live.purchaseDigest, expiresAt: new Date(now.getTime() - HOUR) });
    await checkout('open-older-offer', { purchaseDigest: 'pd:older', expiresAt: new Date(now.getTime() + HOUR) });
    await checkout('paid', { purchaseDigest: live.purchaseDigest, status: 'complete', expiresAt: new Date(now.getTime() + HOUR) });

    const item = serviceItemOf(await db.service.findUniqueOrThrow({ where: { id: 'constraint-snapshot' } }));
    await saveDraft(await editor, 'service', 'constraint-snapshot', { ...item, description: `${item.description} Now with a checklist.` });
    expect(await publishImpact('service', 'constraint-snapshot', now)).toEqual({
      kind: 'service',
      before: { amount: 1450, currency: 'USD', model: 'fixed_stripe', purchaseDigest: live.purchaseDigest },
      after: { amount: 1450, currency: 'USD', model: 'fixed_stripe', purchaseDigest: live.purchaseDigest },
      digestChanges: false,
      openCheckouts: 2,
    });

    const { revision } = await saveDraft(await editor, 'service', 'constraint-snapshot', { ...item, pricing: { ...item.pricing, amount: 1650 } });
    const impact = await publishImpact('service', 'constraint-snapshot', now);
    expect(impact).toMatchObject({ kind: 'service', before: { amount: 1450 }, after: { amount: 1650 }, digestChanges: true, openCheckouts: 2 });
    await publishDraft(await editor, 'service', 'constraint-snapshot', { revision });
    expect((await getServiceDetail('constraint-snapshot')).purchaseDigest).toBe(impact?.kind === 'service' ? impact.after?.purchaseDigest : null);
  });

  it('tells where an insight draft will appear: the home page, the feed, and other insights\u2019 related lists', async () => {
    const row = await db.insight.findUniqueOrThrow({ where: { id: 'throughput-per-constraint-minute' } });
    await saveDraft(await editor, 'insight', row.id, { ...insightItemOf(row), featured: true });
    expect(await publishImpact('insight', row.id, now)).toEqual({
      kind: 'insight',
      homeFeatured: {
        before: false,
        after: true,
        displaced: [{ id: 'five-focusing-steps-in-practice', title: 'The five focusing steps in practice: one plant, eighteen months' }],
      },
      feedPosition: { before: 1, after: 1 },
      relatedFrom: [
        { id: 'toc-lean-and-six-sigma', title: 'TOC, Lean and Six Sigma: where each one fits' },
        { id: 'throughput-accounting-vs-cost-accounting', title: 'Throughput accounting vs cost accounting: the product-mix test' },
      ],
    });

    const hidden = await db.insight.findUniqueOrThrow({ where: { id: 'hospital-patient-flow' } });
    await saveDraft(await editor, 'insight', hidden.id, insightItemOf(hidden));
    expect(await publishImpact('insight', hidden.id, now)).toEqual({
      kind: 'insight',
      homeFeatured: { before: false, after: false, displaced: [] },
      feedPosition: { before: null, after: 1 },
      relatedFrom: [],
    });
  });
});
