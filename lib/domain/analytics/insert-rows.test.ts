import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { connectRawSql } from '@/lib/db/raw-sql';
import { insertRows } from './insert-rows';

// Runs on SQLite here and on PostgreSQL under `node scripts/test-pg.mjs unit`: the JSON functions differ.
const sql = await connectRawSql(config().DATABASE_URL);
afterAll(() => sql.close());

beforeEach(async () => {
  await db.analyticsPageView.deleteMany();
  await db.analyticsEngagement.deleteMany();
});

const AT = new Date('2026-11-26T14:03:07.250Z');
const view = {
  day: '2026-11-26',
  at: AT,
  visitor: 'a'.repeat(32),
  path: '/insights/why-local-efficiency-lies',
  insightId: 'why-local-efficiency-lies',
  serviceId: null,
  referrerHost: 'news.example',
  utmSource: 'newsletter',
  utmMedium: 'email',
  utmCampaign: 'caf\u00e9 "spring", \\ 2026',
  country: 'DE',
  device: 'desktop',
  views: 3,
  source: 'server',
};

describe('insertRows (lib/domain/analytics/insert-rows.ts)', () => {
  it('stores every value as the Prisma client reads it back: text with quotes, backslashes and accents, times, numbers, null', async () => {
    const bare = {
      ...view,
      at: new Date('2026-11-26T23:59:59.000Z'),
      visitor: 'b'.repeat(32),
      insightId: null,
      referrerHost: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      country: null,
      views: 1,
      source: 'browser',
    };
    await insertRows(sql, 'AnalyticsPageView', [view, bare]);
    expect(await db.analyticsPageView.findMany({ orderBy: { visitor: 'asc' }, omit: { id: true } })).toEqual([view, bare]);
    await insertRows(sql, 'AnalyticsEngagement', [
      { day: '2026-11-26', at: AT, visitor: 'c'.repeat(32), path: '/about', insightId: null, seconds: 95, scrollPercent: null },
      { day: '2026-11-26', at: AT, visitor: 'd'.repeat(32), path: '/insights/drum', insightId: 'drum', seconds: 0, scrollPercent: 100 },
    ]);
    expect(await db.analyticsEngagement.findMany({ orderBy: { visitor: 'asc' }, omit: { id: true } })).toEqual([
      { day: '2026-11-26', at: AT, visitor: 'c'.repeat(32), path: '/about', insightId: null, seconds: 95, scrollPercent: null },
      { day: '2026-11-26', at: AT, visitor: 'd'.repeat(32), path: '/insights/drum', insightId: 'drum', seconds: 0, scrollPercent: 100 },
    ]);
  });

  it('stores a lone surrogate as U+FFFD, as a driver encodes a parameter, and the rest of the rows with it', async () => {
    await insertRows(sql, 'AnalyticsPageView', [
      { ...view, path: '/insights/x\ud800', insightId: 'x\ud800' },
      { ...view, visitor: 'e'.repeat(32) },
    ]);
    expect(await db.analyticsPageView.findMany({ orderBy: { visitor: 'asc' }, select: { path: true, insightId: true } })).toEqual([
      { path: '/insights/x\ufffd', insightId: 'x\ufffd' },
      { path: view.path, insightId: view.insightId },
    ]);
  });

  it('writes more rows than one statement takes, each once', async () => {
    const rows = Array.from({ length: 2345 }, (_, index) => ({ ...view, visitor: String(index).padStart(32, '0'), views: index + 1 }));
    await insertRows(sql, 'AnalyticsPageView', rows);
    expect(await db.analyticsPageView.aggregate({ _count: true, _sum: { views: true } })).toEqual({ _count: 2345, _sum: { views: (2345 * 2346) / 2 } });
    expect(await db.analyticsPageView.findFirst({ where: { visitor: String(2344).padStart(32, '0') }, omit: { id: true } })).toEqual(rows[2344]);
  });
});
