import { stringify } from 'csv-stringify/sync';
import { analyticsToday } from '@/lib/domain/analytics/analytics-services';
import { analyticsDashboard } from '@/lib/domain/analytics/dashboard';
import { rangeOf } from '@/lib/staff-web/analytics-range';
import { analyticsTable } from '@/lib/staff-web/analytics-tables';
import { requireStaff } from '@/lib/staff-web/current-staff';

/**
 * Any table of /staff/analytics as CSV, with the same columns as on the page and every row. Cells that a spreadsheet
 * would run as a formula (=, +, -, @, tab, carriage return first) are quoted with a leading apostrophe, since
 * referrers and campaign names are typed by strangers.
 */
export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  await requireStaff('analytics', `/staff/analytics`);
  const table = analyticsTable(params.get('table') ?? '');
  if (!table) {
    return new Response('No such table.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  }
  const range = rangeOf({ from: params.get('from') ?? undefined, to: params.get('to') ?? undefined, days: params.get('days') ?? undefined }, analyticsToday());
  const dashboard = await analyticsDashboard(range);
  const rows = table.rowsOf(dashboard).map((row) => table.columns.map((column) => column.value(row) ?? ''));
  const csv = stringify([table.columns.map((column) => column.heading), ...rows], { escape_formulas: true, record_delimiter: 'windows' });
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="analytics-${table.id}-${range.from}-to-${range.to}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
}
