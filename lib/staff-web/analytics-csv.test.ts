import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { analyticsDashboard } from '@/lib/domain/analytics/dashboard';
import { CAMPAIGN_SEPARATOR } from '@/lib/domain/analytics/rollup-sql';
import { analyticsCsv } from './analytics-csv';
import { analyticsTable } from './analytics-tables';

const DAY = '2026-11-25';
const RANGE = { from: DAY, to: DAY };
const traffic = (dimension: string, key: string, visitors: number, day = DAY) => ({ day, dimension, key, pageViews: visitors * 2, visitors, visits: visitors });
const linesOf = (csv: string) => csv.split('\r\n').filter((line) => line !== '');

beforeEach(async () => {
  await db.analyticsDailyTraffic.deleteMany();
  await db.analyticsDailyConversion.deleteMany();
});

describe('the CSV export of a /staff/analytics table', () => {
  it('has every row, where the page reads the first 50', async () => {
    // 60 pages, /page-01 with the most visitors.
    await db.analyticsDailyTraffic.createMany({
      data: Array.from({ length: 60 }, (_, index) => traffic('page', `/page-${String(index + 1).padStart(2, '0')}`, 100 - index)),
    });
    expect((await analyticsDashboard(RANGE)).pages).toHaveLength(50);
    const lines = linesOf(await analyticsCsv(analyticsTable('pages')!, RANGE));
    expect(lines).toHaveLength(61);
    expect(lines[0]).toBe('Page,Visitors,Visits,Page views,"Inquiries, bookings and checkouts started",Paid');
    expect(lines[1]).toBe('/page-01,100,100,200,0,0');
    expect(lines[60]).toBe('/page-60,41,41,82,0,0');
  });

  it('turns a cell a spreadsheet would run as a formula into text', async () => {
    const campaign = ['news', 'email', '=HYPERLINK("https://evil.example","Click")'].join(CAMPAIGN_SEPARATOR);
    await db.analyticsDailyTraffic.createMany({ data: [traffic('campaign', campaign, 3), traffic('referrer', '@evil.example', 2)] });
    expect(linesOf(await analyticsCsv(analyticsTable('campaigns')!, RANGE))).toEqual([
      'Source,Medium,Campaign,Visitors,Visits,Page views,"Inquiries, bookings and checkouts started",Paid',
      `news,email,"'=HYPERLINK(""https://evil.example"",""Click"")",3,3,6,0,0`,
    ]);
    expect(linesOf(await analyticsCsv(analyticsTable('referrers')!, RANGE))[1]).toBe("'@evil.example,2,2,4,0,0");
  });

  it('exports the days with the visitors of the same day of the previous range, and the summary beside the previous range', async () => {
    // 24 and 25 November, and the two days before them.
    await db.analyticsDailyTraffic.createMany({
      data: [
        traffic('total', '', 10, '2026-11-22'),
        traffic('total', '', 4, '2026-11-23'),
        traffic('total', '', 5, '2026-11-24'),
        traffic('total', '', 8, '2026-11-25'),
      ],
    });
    const conversion = (day: string, kind: string, dimension: string, key: string, conversions: number, amountMinor: number) => ({
      day,
      kind,
      dimension,
      key,
      conversions,
      amountMinor,
    });
    await db.analyticsDailyConversion.createMany({
      data: [
        conversion('2026-11-25', 'checkout_completed', 'total', '', 2, 99_000),
        conversion('2026-11-25', 'checkout_completed', 'currency', 'USD', 2, 99_000),
        conversion('2026-11-23', 'checkout_completed', 'total', '', 1, 49_500),
        conversion('2026-11-23', 'checkout_completed', 'currency', 'USD', 1, 49_500),
        conversion('2026-11-22', 'inquiry_submitted', 'total', '', 3, 0),
      ],
    });
    const range = { from: '2026-11-24', to: '2026-11-25' };
    expect(linesOf(await analyticsCsv(analyticsTable('days')!, range))).toEqual([
      'Day,Visitors,Visits,Page views,Conversions,Previous range day,"Visitors, previous range"',
      '2026-11-24,5,5,10,0,2026-11-22,10',
      '2026-11-25,8,8,16,2,2026-11-23,4',
    ]);
    expect(linesOf(await analyticsCsv(analyticsTable('summary')!, range))).toEqual([
      'Measure,This range,Previous range,"Change, percent"',
      'Visitors,13,14,-7',
      'Visits,13,14,-7',
      'Page views,26,28,-7',
      'Inquiries,0,3,-100',
      'Bookings requested,0,0,',
      'Checkouts started,0,0,',
      'Checkouts paid,2,1,100',
      'Reports delivered,0,0,',
      'Paid (USD),$990.00,$495.00,100',
    ]);
  });
});
