import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { deleteAnalyticsRows } from '@/test-support/analytics-rows';
import { attributionOf } from './attribution';
import { checkoutSubject, countCheckoutStep, countVisitorConversion } from './conversions';
import { analyticsDashboard, insightFigures, readingByInsight } from './dashboard';
import { analyticsBatch } from './analytics-services';
import { pruneAnalytics, runAnalyticsRollup } from './rollups';
import { withVisitSource, type VisitSource } from './visit-context';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ANA: VisitSource = { address: '203.0.113.7', userAgent: CHROME, excluded: false };
const BEN: VisitSource = { address: '198.51.100.4', userAgent: IPHONE, excluded: false };
const INSIGHT = 'why-local-efficiency-lies';
const OTHER_INSIGHT = 'buffer-management-red-zones';
const SERVICE = 'website-offer-audit';
const DAY = { from: '2026-11-25', to: '2026-11-25' };
/** Wednesday 25 November 2026, New York time (UTC-5). */
const at = (time: string) => new Date(`2026-11-25T${time}-05:00`);

function view(source: VisitSource, time: string, url: string, referrer?: string) {
  const [path, query = ''] = url.split('?');
  analyticsBatch().pageView({
    at: at(time).getTime(),
    path: path!,
    search: query ? `?${query}` : '',
    referrer,
    address: source.address,
    userAgent: source.userAgent,
    source: 'server',
  });
}

beforeEach(deleteAnalyticsRows);

describe('attribution', () => {
  const page = (path: string, extra: Partial<Parameters<typeof attributionOf>[0][number]> = {}) => ({
    path,
    insightId: path.startsWith('/insights/') ? path.slice(10) : null,
    referrerHost: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    ...extra,
  });

  it('credits the visit begun last before the conversion, and the last insight read before it', () => {
    expect(attributionOf([])).toEqual({ landingPath: null, lastInsightId: null, referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null });
    expect(attributionOf([page('/'), page(`/insights/${INSIGHT}`), page('/services/x')])).toEqual({
      landingPath: '/',
      lastInsightId: INSIGHT,
      referrerHost: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
    expect(
      attributionOf([
        page(`/insights/${INSIGHT}`, { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'autumn' }),
        page('/about', { referrerHost: 'linkedin.com' }),
        page('/contact'),
      ]),
    ).toEqual({ landingPath: '/about', lastInsightId: INSIGHT, referrerHost: 'linkedin.com', utmSource: null, utmMedium: null, utmCampaign: null });
  });
});

describe('conversions, joined to the visit by the day’s hash', () => {
  it('are attributed, rolled up and shown per insight, referrer, campaign and service funnel', async () => {
    // Ana comes from the newsletter to an insight, reads another, buys the audit; later she comes back from LinkedIn and books.
    view(ANA, '10:00:00', `/insights/${INSIGHT}?utm_source=newsletter&utm_medium=email&utm_campaign=autumn`);
    view(ANA, '10:03:00', `/services/${SERVICE}`);
    view(ANA, '15:00:00', '/about', 'https://www.linkedin.com/feed/');
    view(ANA, '15:01:00', `/insights/${OTHER_INSIGHT}`);
    // Ben finds the home page on Google, reads the insight, and writes to us.
    view(BEN, '11:00:00', '/', 'https://www.google.com/');
    view(BEN, '11:02:00', `/insights/${INSIGHT}`);
    view(BEN, '11:05:00', '/contact');
    await analyticsBatch().flush(at('15:02:00'));

    await withVisitSource(ANA, () =>
      countVisitorConversion('checkout_started', { checkoutToken: 'tok_ana', serviceId: SERVICE, amountMinor: 49_500, currency: 'USD' }, at('10:05:00')),
    );
    await countCheckoutStep('checkout_completed', 'tok_ana', { amountMinor: 49_500, currency: 'USD' }, at('10:07:00'));
    await countCheckoutStep('checkout_completed', 'tok_ana', { amountMinor: 49_500, currency: 'USD' }, at('10:07:30')); // a repeated notice
    await countCheckoutStep('report_delivered', 'tok_ana', { serviceId: SERVICE }, at('10:20:00'));
    await withVisitSource(ANA, () => countVisitorConversion('booking_requested', {}, at('15:05:00')));
    await withVisitSource(BEN, () => countVisitorConversion('inquiry_submitted', {}, at('11:10:00')));
    // Not counted: a browser with Global Privacy Control, a bot, a request without a visitor, and a checkout whose start was not counted.
    await withVisitSource({ ...BEN, excluded: true }, () => countVisitorConversion('inquiry_submitted', {}, at('11:11:00')));
    await withVisitSource({ ...BEN, userAgent: 'curl/8.5.0' }, () => countVisitorConversion('inquiry_submitted', {}, at('11:12:00')));
    await countVisitorConversion('inquiry_submitted', {}, at('11:13:00'));
    await countCheckoutStep('checkout_completed', 'tok_unknown', {}, at('11:14:00'));

    const conversions = await db.analyticsConversion.findMany({ orderBy: { id: 'asc' } });
    expect(conversions.map((row) => [row.kind, row.visitDay, row.attributed])).toEqual([
      ['checkout_started', '2026-11-25', false],
      ['checkout_completed', '2026-11-25', false],
      ['report_delivered', '2026-11-25', false],
      ['booking_requested', '2026-11-25', false],
      ['inquiry_submitted', '2026-11-25', false],
    ]);
    expect(conversions[0]!.subject).toBe(checkoutSubject('tok_ana'));
    expect(new Set(conversions.map((row) => row.visitor)).size).toBe(2);

    // The checkout's later steps take the attribution of their start.
    expect((await runAnalyticsRollup(at('16:00:00'))).attributed).toBe(5);
    expect((await runAnalyticsRollup(at('16:01:00'))).attributed).toBe(0);
    const attributed = await db.analyticsConversion.findMany({ orderBy: { id: 'asc' } });
    expect(attributed.map((row) => [row.kind, row.landingPath, row.lastInsightId, row.referrerHost, row.utmSource, row.utmMedium, row.utmCampaign])).toEqual([
      ['checkout_started', `/insights/${INSIGHT}`, INSIGHT, null, 'newsletter', 'email', 'autumn'],
      ['checkout_completed', `/insights/${INSIGHT}`, INSIGHT, null, 'newsletter', 'email', 'autumn'],
      ['report_delivered', `/insights/${INSIGHT}`, INSIGHT, null, 'newsletter', 'email', 'autumn'],
      ['booking_requested', '/about', OTHER_INSIGHT, 'linkedin.com', null, null, null],
      ['inquiry_submitted', '/', INSIGHT, 'google.com', null, null, null],
    ]);
    // Joined to its visit, a conversion keeps no visitor hash: nothing ties a checkout to the pages its buyer read.
    expect(attributed.map((row) => row.visitor)).toEqual(['', '', '', '', '']);

    const dashboard = await analyticsDashboard(DAY);
    expect(dashboard.previous).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(dashboard.traffic).toEqual({ current: { pageViews: 7, visitors: 2, visits: 3 }, previous: { pageViews: 0, visitors: 0, visits: 0 } });
    expect(dashboard.conversions.current).toEqual({
      counts: { inquiry_submitted: 1, booking_requested: 1, checkout_started: 1, checkout_completed: 1, report_delivered: 1 },
      paid: [{ currency: 'USD', amountMinor: 49_500 }],
    });
    expect(dashboard.days).toEqual([{ day: '2026-11-25', pageViews: 7, visitors: 2, visits: 3, conversions: 5 }]);
    expect(dashboard.referrers.map((row) => [row.key, row.visits, row.visitors, row.conversions.booking_requested, row.conversions.inquiry_submitted])).toEqual(
      [
        ['(direct)', 1, 1, 0, 0],
        ['google.com', 1, 1, 0, 1],
        ['linkedin.com', 1, 1, 1, 0],
      ],
    );
    expect(dashboard.campaigns.map((row) => [row.key.split('\u001f'), row.visits, row.conversions.checkout_completed])).toEqual([
      [['newsletter', 'email', 'autumn'], 1, 1],
    ]);
    expect(dashboard.devices.map((row) => [row.key, row.visitors])).toEqual([
      ['desktop', 1],
      ['mobile', 1],
    ]);
    expect(dashboard.pages.find((row) => row.key === `/insights/${INSIGHT}`)).toMatchObject({ pageViews: 2, visitors: 2, visits: 1 });
    expect(dashboard.funnels.find((funnel) => funnel.serviceId === SERVICE)).toEqual({
      serviceId: SERVICE,
      name: 'Website Offer Constraint Audit',
      visitors: 1,
      checkoutStarted: 1,
      paid: 1,
      reportDelivered: 1,
    });
    const [insight] = await insightFigures(DAY, [INSIGHT]);
    expect(insight).toMatchObject({
      insightId: INSIGHT,
      readers: 2,
      pageViews: 2,
      conversions: { inquiry_submitted: 1, booking_requested: 0, checkout_started: 1, checkout_completed: 1, report_delivered: 1 },
      conversionsLedTo: 4,
    });
  });

  it('rebuilds a day only when its raw rows changed, and keeps settled days after their raw rows are pruned', async () => {
    view(BEN, '11:00:00', '/');
    await analyticsBatch().flush(at('11:00:01'));
    expect((await runAnalyticsRollup(at('12:00:00'))).rebuilt).toEqual(['2026-11-25']);
    expect((await runAnalyticsRollup(at('12:01:00'))).rebuilt).toEqual([]);
    view(BEN, '12:30:00', '/about');
    await analyticsBatch().flush(at('12:30:01'));
    expect((await runAnalyticsRollup(at('12:31:00'))).rebuilt).toEqual(['2026-11-25']);
    // Two days later the 25th is built one last time and settled; 30 days after that its raw rows go, its aggregates stay.
    expect((await runAnalyticsRollup(new Date('2026-11-27T12:00:00-05:00'))).rebuilt).toEqual([]);
    expect(await db.analyticsRollupDay.findUnique({ where: { day: '2026-11-25' } })).toMatchObject({ settled: true });
    const later = await runAnalyticsRollup(new Date('2026-12-25T12:00:00-05:00'));
    expect(later.pruned.rows).toBe(2);
    expect(await db.analyticsPageView.count()).toBe(0);
    expect((await analyticsDashboard(DAY)).traffic.current).toEqual({ pageViews: 2, visitors: 1, visits: 1 });
  });

  it('clears the visitor hash of attributed conversions of past days when pruning, and keeps it while one waits for attribution', async () => {
    const conversion = (day: string, visitor: string, attributed: boolean) => ({
      day,
      at: new Date(`${day}T15:00:00Z`),
      kind: 'inquiry_submitted',
      visitor,
      visitDay: day,
      attributed,
    });
    // Attributed before attribution cleared the hash (a row from an older version), on the 24th and on the 25th.
    await db.analyticsConversion.createMany({
      data: [conversion('2026-11-24', 'a'.repeat(32), true), conversion('2026-11-24', 'b'.repeat(32), false), conversion('2026-11-25', 'c'.repeat(32), true)],
    });
    expect(await pruneAnalytics(at('12:00:00'))).toEqual({ rows: 0, salts: 0, visitorsCleared: 1 });
    const rows = await db.analyticsConversion.findMany({ orderBy: { id: 'asc' } });
    expect(rows.map((row) => [row.day, row.attributed, row.visitor])).toEqual([
      ['2026-11-24', true, ''],
      ['2026-11-24', false, 'b'.repeat(32)],
      ['2026-11-25', true, 'c'.repeat(32)],
    ]);
    expect(await pruneAnalytics(at('12:01:00'))).toEqual({ rows: 0, salts: 0, visitorsCleared: 0 });
  });

  it('leaves out of the tables insights and services the content does not have, which only a made-up beacon can name', async () => {
    const traffic = (dimension: string, key: string, visitors: number) => ({ day: DAY.from, dimension, key, pageViews: visitors, visitors, visits: visitors });
    await db.analyticsDailyTraffic.createMany({
      data: [
        traffic('page', `/insights/${INSIGHT}`, 3),
        traffic('page', '/insights/no-such-insight', 9),
        traffic('page', `/services/${SERVICE}`, 2),
        traffic('page', '/services/no-such-service', 8),
        traffic('page', '/about', 1),
        traffic('insight', INSIGHT, 3),
        traffic('insight', 'no-such-insight', 9),
      ],
    });
    const dashboard = await analyticsDashboard(DAY);
    expect(dashboard.pages.map((row) => [row.key, row.visitors])).toEqual([
      [`/insights/${INSIGHT}`, 3],
      [`/services/${SERVICE}`, 2],
      ['/about', 1],
    ]);
    expect(dashboard.insights.map((row) => [row.insightId, row.readers])).toEqual([[INSIGHT, 3]]);
    expect((await insightFigures(DAY, ['no-such-insight'])).map((row) => row.insightId)).toEqual(['no-such-insight']);
  });

  it('keeps raw rows ANALYTICS_RAW_DAYS days (30), today included, and deletes the day before that', async () => {
    const raw = (day: string) => ({ day, at: new Date(`${day}T15:00:00Z`), visitor: 'v'.repeat(32), path: '/about' });
    for (const day of ['2026-11-24', '2026-11-25']) {
      await db.analyticsPageView.create({ data: { ...raw(day), device: 'desktop', source: 'server' } });
      await db.analyticsEngagement.create({ data: { ...raw(day), seconds: 30 } });
      await db.analyticsConversion.create({
        data: { day, at: new Date(`${day}T15:00:00Z`), kind: 'inquiry_submitted', visitor: '', visitDay: day, attributed: true },
      });
      await db.analyticsRollupDay.create({ data: { day, fingerprint: 'built', settled: true, builtAt: new Date(`${day}T16:00:00Z`) } });
    }
    const rawDays = async () =>
      Promise.all([db.analyticsPageView.findMany(), db.analyticsEngagement.findMany(), db.analyticsConversion.findMany()]).then((tables) =>
        tables.map((rows) => rows.map((row) => row.day)),
      );
    // Thursday 24 December: the 30 days kept are 25 November to 24 December.
    expect(await pruneAnalytics(new Date('2026-12-24T23:59:59-05:00'))).toEqual({ rows: 3, salts: 0, visitorsCleared: 0 });
    expect(await rawDays()).toEqual([['2026-11-25'], ['2026-11-25'], ['2026-11-25']]);
    expect(await pruneAnalytics(new Date('2026-12-25T00:00:00-05:00'))).toEqual({ rows: 3, salts: 0, visitorsCleared: 0 });
    expect(await rawDays()).toEqual([[], [], []]);
  });

  it('rolls reading reports up into reads, an exact median read time and scroll depth per insight, over one day or several', async () => {
    const reports: [string, number, number | null][] = [
      ['2026-11-25', 5, 50],
      ['2026-11-25', 15, 100],
      ['2026-11-25', 25, null],
      ['2026-11-25', 40, 75],
      ['2026-11-25', 100, 25],
      ['2026-11-24', 700, 90],
    ];
    await db.analyticsEngagement.createMany({
      data: [
        ...reports.map(([day, seconds, scrollPercent], index) => ({
          day,
          at: new Date(`${day}T15:00:0${index}Z`),
          visitor: `visitor-${index}`,
          path: `/insights/${INSIGHT}`,
          insightId: INSIGHT,
          seconds,
          scrollPercent,
        })),
        { day: '2026-11-25', at: at('11:00:00'), visitor: 'visitor-9', path: '/about', insightId: null, seconds: 2000, scrollPercent: 10 },
      ],
    });
    expect((await runAnalyticsRollup(at('12:00:00'))).rebuilt).toEqual(['2026-11-24', '2026-11-25']);
    expect(await db.analyticsDailyReading.findUnique({ where: { path_day: { path: `/insights/${INSIGHT}`, day: '2026-11-25' } } })).toEqual({
      day: '2026-11-25',
      path: `/insights/${INSIGHT}`,
      insightId: INSIGHT,
      reads: 5,
      seconds: 185,
      scrollReports: 4,
      scrollSum: 250,
      upTo10s: 1,
      upTo20s: 1,
      upTo30s: 1,
      upTo45s: 1,
      upTo60s: 0,
      upTo90s: 0,
      upTo120s: 1,
      upTo180s: 0,
      upTo300s: 0,
      upTo600s: 0,
      upTo1200s: 0,
      over1200s: 0,
    });
    // Five reads: the middle (2.5th) falls halfway into 20-30 s. Scroll depth: (50 + 100 + 75 + 25) / 4 = 62.5.
    expect(await readingByInsight(DAY)).toEqual(new Map([[INSIGHT, { reads: 5, medianSeconds: 25, scrollDepth: 63 }]]));
    // With the 24th's 700 s read: six reads, the middle (3rd) at the top of 20-30 s; (250 + 90) / 5 = 68.
    expect(await readingByInsight({ from: '2026-11-24', to: '2026-11-25' })).toEqual(new Map([[INSIGHT, { reads: 6, medianSeconds: 30, scrollDepth: 68 }]]));
  });
});
