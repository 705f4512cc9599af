import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { loadDemoHistory } from '../lib/domain/commitments/demo-history';
import { promiseStats } from '../lib/domain/commitments/promise-stats';
import { firmTime } from '../test-support/commitments';
import { loadDemoHistoryFile } from './demo-history';

async function clearRecords() {
  await db.commitment.deleteMany();
  await db.inquiry.deleteMany();
  await db.booking.deleteMany();
  await db.report.deleteMany();
  await db.checkout.deleteMany();
}

describe('the demo history of promises (SEED_DEMO_HISTORY=true)', () => {
  it('gives the promises page eleven weeks of the firm kept on time 86% of the time, whenever it is loaded', async () => {
    // A week in December after Thanksgiving, and one whose eleven weeks span the change to summer time.
    for (const now of [firmTime('2026-12-09T12:00'), firmTime('2027-04-14T09:30')]) {
      await clearRecords();
      expect(await loadDemoHistory(loadDemoHistoryFile(), now)).toEqual({ inquiries: 36, bookings: 10, reports: 4 });
      const stats = await promiseStats(now);
      expect(stats.all).toEqual({ onTime: 43, late: 7, missed: 0, total: 50, rate: 0.86 });
      expect(stats.byKind['inquiry-reply']).toMatchObject({ onTime: 31, late: 5 });
      expect(stats.byKind['booking-decision']).toMatchObject({ onTime: 9, late: 1 });
      expect(stats.byKind['report-delivery']).toMatchObject({ onTime: 3, late: 1 });
      expect(stats.weeks[11]!.all.total).toBe(0);
      expect(stats.misses.map((miss) => miss.reason)).toContain('Priya Natarajan was still writing the report at the due time.');
    }
  });

  it('goes only into a database without inquiries, bookings or reports', async () => {
    await expect(loadDemoHistory(loadDemoHistoryFile(), firmTime('2026-12-09T12:00'))).rejects.toThrow(
      'Demo history goes only into a database without inquiries, bookings or reports.',
    );
  });
});
