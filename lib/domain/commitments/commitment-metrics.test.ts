import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { buyWebsiteAudit } from '@/test-support/buy-audit';
import { firmTime } from '@/test-support/commitments';
import { submitInquiry } from '../inquiries/inquiries';
import { commitmentGaugeSamples } from './commitment-metrics';

const NOW = firmTime('2026-11-18T12:00');

async function reply(submitted: string, urgency: 'critical' | 'medium') {
  await submitInquiry({ companyName: 'Acme', contactName: 'Jo', email: 'jo@acme.example', problemDescription: 'x', urgency }, firmTime(submitted));
}

beforeAll(async () => {
  await reply('2026-11-18T11:00', 'medium'); // open, due Friday
  await reply('2026-11-16T10:00', 'critical'); // open, overdue since Monday 14:00
  await reply('2026-11-16T11:00', 'critical'); // missed (marked)
  await reply('2026-11-16T12:00', 'critical'); // kept late: counts nowhere
  const madeAt = async (local: string) => db.commitment.findFirstOrThrow({ where: { createdAt: firmTime(local) } });
  const [missed, kept] = [await madeAt('2026-11-16T11:00'), await madeAt('2026-11-16T12:00')];
  await db.commitment.update({ where: { id: missed!.id }, data: { state: 'missed', missedAt: firmTime('2026-11-16T15:00') } });
  await db.commitment.update({ where: { id: kept!.id }, data: { state: 'kept', keptAt: NOW } });
  await buyWebsiteAudit('https://northgate.example/offer', { now: firmTime('2026-11-18T11:00') }); // open, overdue since 11:30
});

describe('the commitment gauges', () => {
  it('count open, overdue (open or missed past due) and missed commitments by kind, every kind present', async () => {
    expect(await commitmentGaugeSamples(NOW)).toEqual([
      { kind: 'inquiry-reply', open: 2, overdue: 2, missed: 1 },
      { kind: 'booking-decision', open: 0, overdue: 0, missed: 0 },
      { kind: 'report-delivery', open: 0, overdue: 0, missed: 0 },
      { kind: 'website-audit', open: 1, overdue: 1, missed: 0 },
    ]);
  });
});
