import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { connectRawSql } from './raw-sql';

// Runs on SQLite here and on PostgreSQL under `npm run test:pg`: the same statements, `?` marks on both.
const sql = await connectRawSql(config().DATABASE_URL);
afterAll(() => sql.close());

beforeEach(async () => {
  await db.analyticsEngagement.deleteMany();
});

const AT = new Date('2026-11-26T14:03:07.250Z');

describe('raw SQL over a driver adapter', () => {
  it('writes strings, whole numbers, null and times that the Prisma client reads back exactly', async () => {
    const changed = await sql.run(
      'INSERT INTO "AnalyticsEngagement" ("day", "at", "visitor", "path", "insightId", "seconds", "scrollPercent") VALUES (?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?)',
      ['2026-11-26', AT, 'a'.repeat(32), '/about', null, 42, 90, '2026-11-26', AT, 'b'.repeat(32), '/insights/drum', 'drum', 7, null],
    );
    expect(changed).toBe(2);
    const rows = await db.analyticsEngagement.findMany({ orderBy: { visitor: 'asc' }, omit: { id: true } });
    expect(rows).toEqual([
      { day: '2026-11-26', at: AT, visitor: 'a'.repeat(32), path: '/about', insightId: null, seconds: 42, scrollPercent: 90 },
      { day: '2026-11-26', at: AT, visitor: 'b'.repeat(32), path: '/insights/drum', insightId: 'drum', seconds: 7, scrollPercent: null },
    ]);
  });

  it('answers rows as objects by column name, with its parameters in order', async () => {
    await db.analyticsEngagement.createMany({
      data: [3, 5, 8].map((seconds) => ({ day: '2026-11-26', at: AT, visitor: `v${seconds}`, path: '/about', seconds })),
    });
    const rows = await sql.all<{ visitor: string; seconds: number }>(
      'SELECT "visitor", "seconds" FROM "AnalyticsEngagement" WHERE "seconds" > ? AND "path" = ? ORDER BY "seconds"',
      [4, '/about'],
    );
    expect(rows).toEqual([
      { visitor: 'v5', seconds: 5 },
      { visitor: 'v8', seconds: 8 },
    ]);
    expect(await sql.run('DELETE FROM "AnalyticsEngagement" WHERE "seconds" < ?', [6])).toBe(2);
    expect(await db.analyticsEngagement.count()).toBe(1);
  });
});
