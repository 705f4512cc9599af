import Link from 'next/link';
import { AnalyticsTableView } from '@/components/staff/analytics/analytics-table-view';
import { TrendChart } from '@/components/staff/analytics/trend-chart';
import { StaffPageHeader } from '@/components/staff/staff-page-header';
import { StaffSection } from '@/components/staff/staff-section';
import { analyticsToday } from '@/lib/domain/analytics/analytics-services';
import { analyticsDashboard } from '@/lib/domain/analytics/dashboard';
import { formatMoney } from '@/lib/format';
import { minorToMajor } from '@/lib/core/money';
import { RANGE_PRESETS, rangeOf, rangeQuery, type RangeQuery } from '@/lib/staff-web/analytics-range';
import { ANALYTICS_TABLES, analyticsTable, changeLabel, CONVERSION_LABELS } from '@/lib/staff-web/analytics-tables';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { OutcomeMessage } from '../outcome-message';
import { refreshAnalyticsAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Analytics' };

/** A figure with the previous range's beside it, and the change. */
function Compared({ label, current, previous, testId }: { label: string; current: number; previous: number; testId: string }) {
  const change = changeLabel(current, previous);
  return (
    <div className="rounded-lg border border-line bg-surface px-4 py-3">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {current.toLocaleString('en-US')}
      </dd>
      <dd className="text-sm text-ink-muted">
        previous range {previous.toLocaleString('en-US')}
        {change !== null && ` (${change})`}
      </dd>
    </div>
  );
}

/** Marketing's view of the site: visitors, pages and insights, where visits came from, and what they led to. */
export default async function AnalyticsPage({ searchParams }: { searchParams: Promise<RangeQuery & { done?: string }> }) {
  await requireStaff('analytics', '/staff/analytics');
  const query = await searchParams;
  const range = rangeOf(query, analyticsToday());
  const dashboard = await analyticsDashboard(range);
  const exportHref = (table: string) => `/staff/analytics/export?table=${table}&${rangeQuery(range)}`;
  const { traffic, conversions } = dashboard;
  return (
    <>
      <StaffPageHeader title="Analytics">
        Counted without cookies or personal data (see the{' '}
        <Link className="underline" href="/privacy">
          privacy page
        </Link>
        ). Figures are brought up to date every minute; days are the firm&rsquo;s calendar days.
      </StaffPageHeader>
      <OutcomeMessage done={query.done} doneMessage="Figures brought up to date." />
      <nav aria-label="Range" className="mt-6 flex flex-wrap items-end gap-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {RANGE_PRESETS.map((days) => (
            <li key={days}>
              <Link
                className="rounded-md border border-line px-3 py-1.5 font-medium"
                aria-current={range.days === days && range.to === analyticsToday() ? 'page' : undefined}
                href={`/staff/analytics?days=${days}`}
              >
                Last {days} days
              </Link>
            </li>
          ))}
        </ul>
        <form method="get" className="flex flex-wrap items-end gap-2 text-sm">
          <label className="flex flex-col">
            From
            <input type="date" name="from" defaultValue={range.from} className="rounded-md border border-line bg-surface px-2 py-1" />
          </label>
          <label className="flex flex-col">
            To
            <input type="date" name="to" defaultValue={range.to} className="rounded-md border border-line bg-surface px-2 py-1" />
          </label>
          <button type="submit" className="rounded-md border border-line px-3 py-1.5 font-medium">
            Show
          </button>
        </form>
        <form action={refreshAnalyticsAction.bind(null, range.from, range.to)}>
          <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm font-medium">
            Update now
          </button>
        </form>
      </nav>
      <p className="mt-4 text-sm text-ink-muted" data-testid="analytics-range">
        {range.from} to {range.to} ({range.days} {range.days === 1 ? 'day' : 'days'}), compared with {dashboard.previous.from} to {dashboard.previous.to}.
      </p>
      <StaffSection id="analytics-summary" title="Summary" className="mt-6">
        <p className="mt-2 text-sm text-ink-muted">
          {analyticsTable('summary')!.description}{' '}
          <a className="font-medium underline" href={exportHref('summary')} download>
            Download as CSV<span className="sr-only">: Summary</span>
          </a>
        </p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-4">
          <Compared label="Visitors" current={traffic.current.visitors} previous={traffic.previous.visitors} testId="analytics-visitors" />
          <Compared label="Visits" current={traffic.current.visits} previous={traffic.previous.visits} testId="analytics-visits" />
          <Compared label="Page views" current={traffic.current.pageViews} previous={traffic.previous.pageViews} testId="analytics-page-views" />
          {CONVERSION_LABELS.map(([kind, label]) => (
            <Compared
              key={kind}
              label={label}
              current={conversions.current.counts[kind]}
              previous={conversions.previous.counts[kind]}
              testId={`analytics-${kind}`}
            />
          ))}
          {conversions.current.paid.map(({ currency, amountMinor }) => (
            <div key={currency} className="rounded-lg border border-line bg-surface px-4 py-3">
              <dt className="text-sm text-ink-muted">Paid ({currency})</dt>
              <dd className="text-2xl font-semibold tabular-nums">{formatMoney(minorToMajor(amountMinor), currency)}</dd>
            </div>
          ))}
        </dl>
        <TrendChart
          title="Visitors and page views by day"
          firstDay={range.from}
          lastDay={range.to}
          series={[
            { label: 'Page views', values: dashboard.days.map((day) => day.pageViews), className: 'stroke-accent' },
            { label: 'Visitors', values: dashboard.days.map((day) => day.visitors), className: 'stroke-ink' },
            { label: 'Visitors, previous range', values: dashboard.previousDays.map((day) => day.visitors), className: 'stroke-ink-muted', dashed: true },
          ]}
        />
      </StaffSection>
      {/* The summary is the cards above; its table is for the CSV. */}
      {ANALYTICS_TABLES.filter((table) => table.id !== 'summary').map((table) => (
        <AnalyticsTableView key={table.id} table={table} dashboard={dashboard} exportHref={exportHref(table.id)} limit={table.id === 'days' ? undefined : 25} />
      ))}
    </>
  );
}
