import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { deleteAnalyticsRows } from '@/test-support/analytics-rows';
import { runAnalyticsRollup } from './rollups';

/**
 * "Update now" and the minute's job of several instances may roll up the same day at the same moment. On PostgreSQL
 * (READ COMMITTED) two rebuilds of one day would each delete the day's aggregates and insert them again, and the later
 * insert would hit the first one's primary key; a day is rebuilt by one at a time instead. Run it on PostgreSQL with
 * `node scripts/test-pg.mjs unit lib/domain/analytics/rollup-concurrency.test.ts`; SQLite serializes writes anyway.
 */
const DAY = '2026-11-25';
/** Wednesday 25 November 2026, New York time (UTC-5). */
const at = (time: string) => new Date(`${DAY}T${time}-05:00`);

beforeEach(deleteAnalyticsRows);

describe('rolling up one day from several places at once', () => {
  it('rebuilds it once per change, with no clash, however many ask together', async () => {
    const view = (index: number) => ({
      day: DAY,
      at: at(`10:${String(index % 60).padStart(2, '0')}:00`),
      visitor: `visitor-${index % 40}`,
      path: index % 3 === 0 ? '/about' : `/insights/insight-${index % 7}`,
      insightId: index % 3 === 0 ? null : `insight-${index % 7}`,
      device: index % 2 === 0 ? 'desktop' : 'mobile',
      source: 'server',
    });
    for (let round = 0; round < 3; round += 1) {
      await db.analyticsPageView.createMany({ data: Array.from({ length: 200 }, (_, index) => view(round * 200 + index)) });
      const runs = await Promise.allSettled(Array.from({ length: 6 }, () => runAnalyticsRollup(at(`12:0${round}:00`))));
      expect(runs.map((run) => run.status)).toEqual(Array(6).fill('fulfilled'));
      const rebuilt = runs.flatMap((run) => (run.status === 'fulfilled' ? run.value.rebuilt : []));
      expect(rebuilt).toEqual([DAY]);
      expect(await db.analyticsDailyTraffic.findUnique({ where: { dimension_day_key: { dimension: 'total', day: DAY, key: '' } } })).toEqual({
        day: DAY,
        dimension: 'total',
        key: '',
        pageViews: 200 * (round + 1),
        visitors: 40,
        visits: 40,
      });
    }
  });
});
