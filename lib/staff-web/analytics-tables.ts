import type { AnalyticsDashboard, ConversionCounts, DayFigures, DimensionRow, Traffic } from '@/lib/domain/analytics/dashboard';
import { campaignParts } from '@/lib/domain/analytics/dashboard';

/*
 * Every table of /staff/analytics, defined once: the page renders them, and /staff/analytics/export sends any of them
 * as CSV with the same columns and values.
 */

export type Cell = string | number | null;

export interface AnalyticsColumn<Row> {
  heading: string;
  value: (row: Row) => Cell;
  numeric?: boolean;
}

export interface AnalyticsTable<Row = unknown> {
  id: string;
  title: string;
  /** What the table counts, for the page and the CSV's file name. */
  description: string;
  empty: string;
  rowsOf: (dashboard: AnalyticsDashboard) => Row[];
  columns: AnalyticsColumn<Row>[];
  rowKey: (row: Row) => string;
}

const define = <Row>(table: AnalyticsTable<Row>): AnalyticsTable => table as unknown as AnalyticsTable;

const seconds = (value: number | null) => (value === null ? null : value < 60 ? `${value} s` : `${Math.floor(value / 60)} min ${value % 60} s`);
const percent = (value: number | null) => (value === null ? null : `${value}%`);
const credited = (counts: ConversionCounts) => counts.inquiry_submitted + counts.booking_requested + counts.checkout_started;

/** Visitors, visits and page views: the same three columns wherever traffic is counted. */
const trafficCounts = <Row extends Traffic>(): AnalyticsColumn<Row>[] => [
  { heading: 'Visitors', value: (row) => row.visitors, numeric: true },
  { heading: 'Visits', value: (row) => row.visits, numeric: true },
  { heading: 'Page views', value: (row) => row.pageViews, numeric: true },
];
const trafficColumns = (keyHeading: string, key: (row: DimensionRow) => Cell = (row) => row.key): AnalyticsColumn<DimensionRow>[] => [
  { heading: keyHeading, value: key },
  ...trafficCounts<DimensionRow>(),
];
const conversionColumns: AnalyticsColumn<DimensionRow>[] = [
  { heading: 'Inquiries, bookings and checkouts started', value: (row) => credited(row.conversions), numeric: true },
  { heading: 'Paid', value: (row) => row.conversions.checkout_completed, numeric: true },
];

export const ANALYTICS_TABLES: AnalyticsTable[] = [
  define({
    id: 'days',
    title: 'By day',
    description: 'Visitors, visits, page views and conversions of each day.',
    empty: 'Nothing counted in this range.',
    rowsOf: (dashboard) => dashboard.days,
    rowKey: (row) => row.day,
    columns: [
      { heading: 'Day', value: (row) => row.day },
      ...trafficCounts<DayFigures>(),
      { heading: 'Conversions', value: (row) => row.conversions, numeric: true },
    ],
  }),
  define({
    id: 'funnels',
    title: 'Funnel per service',
    description: 'For each service sold online: visitors of its page, checkouts started, paid, reports delivered.',
    empty: 'No service is sold online.',
    rowsOf: (dashboard) => dashboard.funnels,
    rowKey: (row) => row.serviceId,
    columns: [
      { heading: 'Service', value: (row) => row.name },
      { heading: 'Page visitors', value: (row) => row.visitors, numeric: true },
      { heading: 'Checkouts started', value: (row) => row.checkoutStarted, numeric: true },
      { heading: 'Paid', value: (row) => row.paid, numeric: true },
      { heading: 'Reports delivered', value: (row) => row.reportDelivered, numeric: true },
    ],
  }),
  define({
    id: 'insights',
    title: 'Insights',
    description: 'Readers of each insight, how long and how far they read, and the conversions for which it was the last insight read.',
    empty: 'No insight was read in this range.',
    rowsOf: (dashboard) => dashboard.insights,
    rowKey: (row) => row.insightId,
    columns: [
      { heading: 'Insight', value: (row) => row.title },
      { heading: 'Readers', value: (row) => row.readers, numeric: true },
      { heading: 'Median read time', value: (row) => seconds(row.reading.medianSeconds), numeric: true },
      { heading: 'Scroll depth', value: (row) => percent(row.reading.scrollDepth), numeric: true },
      { heading: 'Inquiries', value: (row) => row.conversions.inquiry_submitted, numeric: true },
      { heading: 'Bookings', value: (row) => row.conversions.booking_requested, numeric: true },
      { heading: 'Checkouts started', value: (row) => row.conversions.checkout_started, numeric: true },
      { heading: 'Paid', value: (row) => row.conversions.checkout_completed, numeric: true },
      { heading: 'Conversions led to', value: (row) => row.conversionsLedTo, numeric: true },
    ],
  }),
  define({
    id: 'insights-by-conversions',
    title: 'Insights by the conversions they led to',
    description: 'The same insights, ordered by the conversions for which each was the last insight read.',
    empty: 'No conversion followed an insight in this range.',
    rowsOf: (dashboard) =>
      dashboard.insights.filter((row) => row.conversionsLedTo > 0).sort((a, b) => b.conversionsLedTo - a.conversionsLedTo || b.readers - a.readers),
    rowKey: (row) => row.insightId,
    columns: [
      { heading: 'Insight', value: (row) => row.title },
      { heading: 'Conversions led to', value: (row) => row.conversionsLedTo, numeric: true },
      { heading: 'Paid', value: (row) => row.conversions.checkout_completed, numeric: true },
      { heading: 'Readers', value: (row) => row.readers, numeric: true },
    ],
  }),
  define({
    id: 'pages',
    title: 'Top pages',
    description: 'The pages with the most visitors; conversions are credited to the page their visit began on.',
    empty: 'No page was viewed in this range.',
    rowsOf: (dashboard) => dashboard.pages,
    rowKey: (row) => row.key,
    columns: [...trafficColumns('Page'), ...conversionColumns],
  }),
  define({
    id: 'referrers',
    title: 'Referrers',
    description: 'Where visits came from: the other site that linked to the first page, or (direct) for none.',
    empty: 'No visit in this range.',
    rowsOf: (dashboard) => dashboard.referrers,
    rowKey: (row) => row.key,
    columns: [...trafficColumns('Referrer'), ...conversionColumns],
  }),
  define({
    id: 'campaigns',
    title: 'Campaigns',
    description: 'Visits that began with utm_source, utm_medium or utm_campaign in the address.',
    empty: 'No campaign link was followed in this range.',
    rowsOf: (dashboard) => dashboard.campaigns,
    rowKey: (row) => row.key,
    columns: [
      { heading: 'Source', value: (row) => campaignParts(row.key).source || null },
      { heading: 'Medium', value: (row) => campaignParts(row.key).medium || null },
      { heading: 'Campaign', value: (row) => campaignParts(row.key).campaign || null },
      ...trafficColumns('Visitors').slice(1),
      ...conversionColumns,
    ],
  }),
  define({
    id: 'devices',
    title: 'Devices',
    description: 'Visitors by the kind of device their browser runs on.',
    empty: 'No visitor in this range.',
    rowsOf: (dashboard) => dashboard.devices,
    rowKey: (row) => row.key,
    columns: trafficColumns('Device'),
  }),
  define({
    id: 'countries',
    title: 'Countries',
    description: 'Visitors by country, from the bundled IP2Location LITE table (IPv4 addresses only).',
    empty: 'No country was recognised in this range.',
    rowsOf: (dashboard) => dashboard.countries,
    rowKey: (row) => row.key,
    columns: trafficColumns('Country'),
  }),
];

export const analyticsTable = (id: string): AnalyticsTable | undefined => ANALYTICS_TABLES.find((table) => table.id === id);
