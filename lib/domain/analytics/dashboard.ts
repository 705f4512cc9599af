import { db } from '@/lib/db/client';
import { contentSnapshot } from '../content/snapshot';
import { addDays, daysBetween, daysFrom, type AnalyticsDay } from './analytics-day';
import { CONVERSION_KINDS, type ConversionKind } from './conversions';
import { medianReadSeconds, READING_BUCKETS, type ReadingHistogram } from './reading-buckets';
import { CAMPAIGN_SEPARATOR } from './rollup-sql';

/*
 * What /staff/analytics and an insight's staff page show, read from the daily aggregates only (never the raw rows),
 * so a year costs the same few thousand rows per table whatever the traffic was.
 */

export interface AnalyticsRange {
  from: AnalyticsDay;
  to: AnalyticsDay;
}

/** The range of the same length right before `range`. */
export function previousRange({ from, to }: AnalyticsRange): AnalyticsRange {
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

export interface Traffic {
  pageViews: number;
  visitors: number;
  visits: number;
}

export type ConversionCounts = Record<ConversionKind, number>;

const noConversions = (): ConversionCounts => Object.fromEntries(CONVERSION_KINDS.map((kind) => [kind, 0])) as ConversionCounts;
const inRange = ({ from, to }: AnalyticsRange) => ({ gte: from, lte: to });
const traffic = (sum: { pageViews: number | null; visitors: number | null; visits: number | null }): Traffic => ({
  pageViews: sum.pageViews ?? 0,
  visitors: sum.visitors ?? 0,
  visits: sum.visits ?? 0,
});

export async function trafficTotals(range: AnalyticsRange): Promise<Traffic> {
  const { _sum } = await db.analyticsDailyTraffic.aggregate({
    where: { dimension: 'total', key: '', day: inRange(range) },
    _sum: { pageViews: true, visitors: true, visits: true },
  });
  return traffic(_sum);
}

export interface ConversionTotals {
  counts: ConversionCounts;
  /** Paid, in minor units, by currency. */
  paid: { currency: string; amountMinor: number }[];
}

export async function conversionTotals(range: AnalyticsRange): Promise<ConversionTotals> {
  const [byKind, byCurrency] = await Promise.all([
    db.analyticsDailyConversion.groupBy({ by: ['kind'], where: { dimension: 'total', key: '', day: inRange(range) }, _sum: { conversions: true } }),
    db.analyticsDailyConversion.groupBy({
      by: ['key'],
      where: { dimension: 'currency', kind: 'checkout_completed', day: inRange(range) },
      _sum: { amountMinor: true },
    }),
  ]);
  const counts = noConversions();
  for (const row of byKind) if (row.kind in counts) counts[row.kind as ConversionKind] = row._sum.conversions ?? 0;
  return { counts, paid: byCurrency.map((row) => ({ currency: row.key, amountMinor: Number(row._sum.amountMinor ?? 0) })) };
}

export interface DayFigures extends Traffic {
  day: AnalyticsDay;
  conversions: number;
}

/** Every day of the range, with zeros where nothing was counted. */
export async function dailyFigures(range: AnalyticsRange): Promise<DayFigures[]> {
  const [rows, conversions] = await Promise.all([
    db.analyticsDailyTraffic.findMany({ where: { dimension: 'total', key: '', day: inRange(range) } }),
    db.analyticsDailyConversion.groupBy({ by: ['day'], where: { dimension: 'total', key: '', day: inRange(range) }, _sum: { conversions: true } }),
  ]);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const conversionsByDay = new Map(conversions.map((row) => [row.day, row._sum.conversions ?? 0]));
  return daysFrom(range.from, range.to).map((day) => ({
    day,
    pageViews: byDay.get(day)?.pageViews ?? 0,
    visitors: byDay.get(day)?.visitors ?? 0,
    visits: byDay.get(day)?.visits ?? 0,
    conversions: conversionsByDay.get(day) ?? 0,
  }));
}

export type TrafficDimension = 'page' | 'insight' | 'referrer' | 'campaign' | 'device' | 'country';
export type ConversionDimension = 'service' | 'landing' | 'insight' | 'referrer' | 'campaign';

export interface DimensionRow extends Traffic {
  key: string;
  conversions: ConversionCounts;
}

/** How many rows of each traffic table /staff/analytics reads; its CSV export reads every row. */
export const DASHBOARD_ROWS = 50;

/** How many rows of each traffic table to read: a number, or every row. */
export type RowLimit = number | 'every';

/** Traffic by one dimension over the range, most visitors first, each with the conversions credited to it. */
export async function byDimension(dimension: TrafficDimension, range: AnalyticsRange, limit: RowLimit = DASHBOARD_ROWS): Promise<DimensionRow[]> {
  const rows = await db.analyticsDailyTraffic.groupBy({
    by: ['key'],
    where: { dimension, day: inRange(range), ...(dimension === 'page' ? await knownPagesOnly() : dimension === 'insight' ? await knownInsightsOnly() : {}) },
    _sum: { pageViews: true, visitors: true, visits: true },
    orderBy: [{ _sum: { visitors: 'desc' } }, { key: 'asc' }],
    take: limit === 'every' ? undefined : limit,
  });
  const conversionDimension: Partial<Record<TrafficDimension, ConversionDimension>> = {
    page: 'landing',
    insight: 'insight',
    referrer: 'referrer',
    campaign: 'campaign',
  };
  const credited = conversionDimension[dimension] ? await conversionsBy(conversionDimension[dimension], range) : new Map<string, ConversionCounts>();
  return rows.map((row) => ({ key: row.key, ...traffic(row._sum), conversions: credited.get(row.key) ?? noConversions() }));
}

/**
 * A beacon may name any insight or service in a path (page-facts.ts checks only the path's shape): the tables leave
 * out those the content does not have, so made-up names never reach marketing. An insight or service taken down since
 * leaves its rows out too.
 */
async function knownPagesOnly() {
  const { content } = await contentSnapshot();
  return {
    NOT: [
      { key: { startsWith: '/insights/', notIn: [...content.insightsById.keys()].map((id) => `/insights/${id}`) } },
      { key: { startsWith: '/services/', notIn: content.services.map((service) => `/services/${service.id}`) } },
    ],
  };
}

async function knownInsightsOnly() {
  const { content } = await contentSnapshot();
  return { key: { in: [...content.insightsById.keys()] } };
}

/** Conversions by one dimension over the range: key → counts by kind. */
export async function conversionsBy(dimension: ConversionDimension, range: AnalyticsRange, keys?: string[]): Promise<Map<string, ConversionCounts>> {
  const rows = await db.analyticsDailyConversion.groupBy({
    by: ['key', 'kind'],
    where: { dimension, day: inRange(range), ...(keys ? { key: { in: keys } } : {}) },
    _sum: { conversions: true },
  });
  const byKey = new Map<string, ConversionCounts>();
  for (const row of rows) {
    const counts = byKey.get(row.key) ?? noConversions();
    if (row.kind in counts) counts[row.kind as ConversionKind] += row._sum.conversions ?? 0;
    byKey.set(row.key, counts);
  }
  return byKey;
}

/** A campaign key as stored (source, medium, campaign). */
export function campaignParts(key: string): { source: string; medium: string; campaign: string } {
  const [source = '', medium = '', campaign = ''] = key.split(CAMPAIGN_SEPARATOR);
  return { source, medium, campaign };
}

export interface Reading {
  reads: number;
  /** Median seconds of the reads (estimated from the buckets), or null without any. */
  medianSeconds: number | null;
  /** Mean of the deepest point each reader scrolled to, percent, or null without reports. */
  scrollDepth: number | null;
}

const bucketSums = Object.fromEntries(READING_BUCKETS.map(({ column }) => [column, true])) as Record<keyof ReadingHistogram, true>;

/** Reading by insight over the range (optionally only these insights). */
export async function readingByInsight(range: AnalyticsRange, insightIds?: string[]): Promise<Map<string, Reading>> {
  const rows = await db.analyticsDailyReading.groupBy({
    by: ['insightId'],
    where: { insightId: insightIds ? { in: insightIds } : { not: null }, day: inRange(range) },
    _sum: { reads: true, scrollReports: true, scrollSum: true, ...bucketSums },
  });
  return new Map(
    rows.map((row) => {
      const sums = row._sum as Record<string, number | null>;
      const histogram = Object.fromEntries(READING_BUCKETS.map(({ column }) => [column, sums[column] ?? 0])) as ReadingHistogram;
      const scrollReports = sums.scrollReports ?? 0;
      return [
        row.insightId!,
        {
          reads: sums.reads ?? 0,
          medianSeconds: medianReadSeconds(histogram),
          scrollDepth: scrollReports > 0 ? Math.round((sums.scrollSum ?? 0) / scrollReports) : null,
        },
      ];
    }),
  );
}

export interface InsightFigures {
  insightId: string;
  title: string;
  /** Visitors who opened the insight, summed over days. */
  readers: number;
  pageViews: number;
  reading: Reading;
  /** Conversions whose last insight read before them was this one. */
  conversions: ConversionCounts;
  /** All of them together. */
  conversionsLedTo: number;
}

const total = (counts: ConversionCounts) => CONVERSION_KINDS.reduce((sum, kind) => sum + counts[kind], 0);
const noReading: Reading = { reads: 0, medianSeconds: null, scrollDepth: null };

/** Every insight of the content read or credited in the range, most readers first (optionally only these insights). */
export async function insightFigures(range: AnalyticsRange, insightIds?: string[]): Promise<InsightFigures[]> {
  const [views, reading, conversions, { content }] = await Promise.all([
    db.analyticsDailyTraffic.groupBy({
      by: ['key'],
      where: { dimension: 'insight', day: inRange(range), ...(insightIds ? { key: { in: insightIds } } : {}) },
      _sum: { pageViews: true, visitors: true },
    }),
    readingByInsight(range, insightIds),
    conversionsBy('insight', range, insightIds),
    contentSnapshot(),
  ]);
  // Of the insights found, only those the content has: a beacon can name any (knownPagesOnly). Those asked for stay.
  const found = [...views.map((row) => row.key), ...conversions.keys()].filter((id) => content.insightsById.has(id));
  const ids = new Set([...found, ...(insightIds ?? [])]);
  const viewsById = new Map(views.map((row) => [row.key, row._sum]));
  return [...ids]
    .map((insightId) => {
      const counts = conversions.get(insightId) ?? noConversions();
      return {
        insightId,
        title: content.insightsById.get(insightId)?.summary.title ?? insightId,
        readers: viewsById.get(insightId)?.visitors ?? 0,
        pageViews: viewsById.get(insightId)?.pageViews ?? 0,
        reading: reading.get(insightId) ?? noReading,
        conversions: counts,
        conversionsLedTo: total(counts),
      };
    })
    .sort((a, b) => b.readers - a.readers || b.conversionsLedTo - a.conversionsLedTo || a.insightId.localeCompare(b.insightId));
}

export interface ServiceFunnel {
  serviceId: string;
  name: string;
  /** Visitors of the service's page. */
  visitors: number;
  checkoutStarted: number;
  paid: number;
  reportDelivered: number;
}

/** Per service sold by checkout: its page's visitors → checkouts started → paid → reports delivered. */
export async function serviceFunnels(range: AnalyticsRange): Promise<ServiceFunnel[]> {
  const { content } = await contentSnapshot();
  const services = content.services.filter((service) => service.ctaType === 'stripe');
  const [pages, conversions] = await Promise.all([
    db.analyticsDailyTraffic.groupBy({
      by: ['key'],
      where: { dimension: 'page', day: inRange(range), key: { in: services.map((service) => `/services/${service.id}`) } },
      _sum: { visitors: true },
    }),
    conversionsBy('service', range),
  ]);
  const visitors = new Map(pages.map((row) => [row.key, row._sum.visitors ?? 0]));
  return services.map((service) => {
    const counts = conversions.get(service.id) ?? noConversions();
    return {
      serviceId: service.id,
      name: service.name,
      visitors: visitors.get(`/services/${service.id}`) ?? 0,
      checkoutStarted: counts.checkout_started,
      paid: counts.checkout_completed,
      reportDelivered: counts.report_delivered,
    };
  });
}

export interface AnalyticsDashboard {
  range: AnalyticsRange;
  previous: AnalyticsRange;
  traffic: { current: Traffic; previous: Traffic };
  conversions: { current: ConversionTotals; previous: ConversionTotals };
  days: DayFigures[];
  /** Every day of the previous range, in order: the n-th is the same distance from its range's start as days[n]. */
  previousDays: DayFigures[];
  pages: DimensionRow[];
  insights: InsightFigures[];
  referrers: DimensionRow[];
  campaigns: DimensionRow[];
  devices: DimensionRow[];
  countries: DimensionRow[];
  funnels: ServiceFunnel[];
}

/**
 * Everything /staff/analytics shows for a range, with the previous range of the same length beside it. The page reads
 * the first DASHBOARD_ROWS rows of each traffic table; the CSV export asks for `rows: 'every'`.
 */
export async function analyticsDashboard(range: AnalyticsRange, { rows = DASHBOARD_ROWS }: { rows?: RowLimit } = {}): Promise<AnalyticsDashboard> {
  const previous = previousRange(range);
  const [current, before, currentConversions, previousConversions, days, previousDays, pages, insights, referrers, campaigns, devices, countries, funnels] =
    await Promise.all([
      trafficTotals(range),
      trafficTotals(previous),
      conversionTotals(range),
      conversionTotals(previous),
      dailyFigures(range),
      dailyFigures(previous),
      byDimension('page', range, rows),
      insightFigures(range),
      byDimension('referrer', range, rows),
      byDimension('campaign', range, rows),
      byDimension('device', range, rows),
      byDimension('country', range, rows),
      serviceFunnels(range),
    ]);
  return {
    range,
    previous,
    traffic: { current, previous: before },
    conversions: { current: currentConversions, previous: previousConversions },
    days,
    previousDays,
    pages,
    insights,
    referrers,
    campaigns,
    devices,
    countries,
    funnels,
  };
}
