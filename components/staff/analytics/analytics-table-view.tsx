import { StaffSection } from '@/components/staff/staff-section';
import { StaffTable } from '@/components/staff/staff-table';
import type { AnalyticsDashboard } from '@/lib/domain/analytics/dashboard';
import type { AnalyticsTable } from '@/lib/staff-web/analytics-tables';

/** One table of the dashboard, under its heading, with the link that downloads it as CSV. */
export function AnalyticsTableView({
  table,
  dashboard,
  exportHref,
  limit,
}: {
  table: AnalyticsTable;
  dashboard: AnalyticsDashboard;
  exportHref: string;
  limit?: number;
}) {
  const rows = table.rowsOf(dashboard);
  return (
    <StaffSection id={`analytics-${table.id}`} title={table.title}>
      <p className="mt-2 text-sm text-ink-muted">
        {table.description}{' '}
        <a className="font-medium underline" href={exportHref} download>
          Download as CSV<span className="sr-only">: {table.title}</span>
        </a>
      </p>
      {/* On a narrow screen a wide table scrolls sideways: the region takes keyboard focus so it can be scrolled without a mouse. */}
      <div className="overflow-x-auto" role="region" aria-label={`${table.title}, scrolls sideways`} tabIndex={0}>
        <StaffTable
          className="mt-4"
          testId={`analytics-${table.id}`}
          empty={table.empty}
          rows={limit ? rows.slice(0, limit) : rows}
          rowKey={table.rowKey}
          columns={table.columns.map((column) => ({
            heading: column.heading,
            cellClassName: column.numeric ? 'tabular-nums' : 'break-words',
            cell: (row: unknown) => column.value(row) ?? '–',
          }))}
        />
      </div>
    </StaffSection>
  );
}
