import { stringify } from 'csv-stringify/sync';
import { analyticsDashboard, type AnalyticsRange } from '@/lib/domain/analytics/dashboard';
import type { AnalyticsTable } from './analytics-tables';

/**
 * One table of /staff/analytics as CSV, with the same columns as on the page and every row: the page reads the first
 * rows of each table, the export reads them all. Cells that a spreadsheet would run as a formula (=, +, -, @, tab,
 * carriage return first) get a leading apostrophe, since referrers and campaign names are typed by strangers.
 */
export async function analyticsCsv(table: AnalyticsTable, range: AnalyticsRange): Promise<string> {
  const dashboard = await analyticsDashboard(range, { rows: 'every' });
  const rows = table.rowsOf(dashboard).map((row) => table.columns.map((column) => column.value(row) ?? ''));
  return stringify([table.columns.map((column) => column.heading), ...rows], { escape_formulas: true, record_delimiter: 'windows' });
}
