import type { AnalyticsDashboard, ConversionCounts, DayFigures, DimensionRow, Traffic } from '@/lib/domain/analytics/dashboard';
import { campaignParts } from '@/lib/domain/analytics/dashboard';
import { minorToMajor } from '@/lib/core/money';
import { formatMoney } from '@/lib/format';

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

/** A figure of the summary: this range's and the previous range's. */
export interface SummaryRow {
  measure: string;
  current: number;
  previous: number;
  /** How a figure is written (a count, or an amount of money). */
  show: (value: number) => string | number;
}

export const CONVERSION_LABELS: [keyof ConversionCounts, string][] = [
  ['inquiry_submitted', 'Inquiries'],
  ['booking_requested', 'Bookings requested'],
  ['checkout_started', 'Checkouts started'],
  ['checkout_completed', 'Checkouts paid'],
  ['report_delivered', 'Reports delivered'],
];

/** The summary's figures, as the page's cards show them: traffic, each conversion kind, and the amount paid by currency. */
export function summaryRows({ traffic, conversions }: AnalyticsDashboard): SummaryRow[] {
  const count = (value: number) => value;
  const currencies = [...new Set([...conversions.current.paid, ...conversions.previous.paid].map((paid) => paid.currency))].sort();
  const paidIn = (paid: { currency: string; amountMinor: number }[], currency: string) => paid.find((row) => row.currency === currency)?.amountMinor ?? 0;
  return [
    { measure: 'Visitors', current: traffic.current.visitors, previous: traffic.previous.visitors, show: count },
    { measure: 'Visits', current: traffic.current.visits, previous: traffic.previous.visits, show: count },
    { measure: 'Page views', current: traffic.current.pageViews, previous: traffic.previous.pageViews, show: count },
    ...CONVERSION_LABELS.map(([kind, measure]) => ({
      measure,
      current: conversions.current.counts[kind],
      previous: conversions.previous.counts[kind],
      show: count,
    })),
    ...currencies.map((currency) => ({
      measure: `Paid (${currency})`,
      current: paidIn(conversions.current.paid, currency),
      previous: paidIn(conversions.previous.paid, currency),
      show: (minor: number) => formatMoney(minorToMajor(minor), currency),
    })),
  ];
}

/** The change from the previous range in whole percent; none when the previous range had nothing. */
export const changePercent = (current: number, previous: number): number | null =>
  previous === 0 ? null : Math.round(((current - previous) / previous) * 100);

/** The change as the page writes it: "+12%", "-5%". */
export function changeLabel(current: number, previous: number): string | null {
  const change = changePercent(current, previous);
  return change === null ? null : `${change > 0 ? '+' : ''}${change}%`;
}

export const ANALYTICS_TABLES: AnalyticsTable[] = [
  define({
    id: 'summary',
    title: 'Summary',
    description: 'Visitors, visits, page views, conversions and amounts paid, beside the previous range of the same length.',
    empty: 'Nothing counted in this range.',
    rowsOf: summaryRows,
    rowKey: (row) => row.measure,
    columns: [
      { heading: 'Measure', value: (row) => row.measure },
      { heading: 'This range', value: (row) => row.show(row.current), numeric: true },
      { heading: 'Previous range', value: (row) => row.show(row.previous), numeric: true },
      // A number, not "+12%": a spreadsheet reads it as one, and it needs no escaping as a formula.
      { heading: 'Change, percent', value: (row) => changePercent(row.current, row.previous), numeric: true },
    ],
  }),
  define({
    id: 'days',
    title: 'By day',
    description: 'Visitors, visits, page views and conversions of each day, and the visitors of the same day of the previous range.',
    empty: 'Nothing counted in this range.',
    rowsOf: (dashboard) => dashboard.days.map((day, index) => ({ ...day, previous: dashboard.previousDays[index] })),
    rowKey: (row) => row.day,
    columns: [
      { heading: 'Day', value: (row) => row.day },
      ...trafficCounts<DayFigures>(),
      { heading: 'Conversions', value: (row) => row.conversions, numeric: true },
      { heading: 'Previous range day', value: (row) => row.previous?.day ?? null },
      { heading: 'Visitors, previous range', value: (row) => row.previous?.visitors ?? null, numeric: true },
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
