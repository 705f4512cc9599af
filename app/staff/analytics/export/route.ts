import { analyticsToday } from '@/lib/domain/analytics/analytics-services';
import { analyticsCsv } from '@/lib/staff-web/analytics-csv';
import { rangeOf } from '@/lib/staff-web/analytics-range';
import { analyticsTable } from '@/lib/staff-web/analytics-tables';
import { requireStaff } from '@/lib/staff-web/current-staff';

/** Any table of /staff/analytics as CSV, with every row (lib/staff-web/analytics-csv.ts). */
export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  await requireStaff('analytics', `/staff/analytics`);
  const table = analyticsTable(params.get('table') ?? '');
  if (!table) {
    return new Response('No such table.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  }
  const range = rangeOf({ from: params.get('from') ?? undefined, to: params.get('to') ?? undefined, days: params.get('days') ?? undefined }, analyticsToday());
  return new Response(await analyticsCsv(table, range), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="analytics-${table.id}-${range.from}-to-${range.to}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
}
