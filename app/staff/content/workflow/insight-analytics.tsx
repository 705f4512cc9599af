import Link from 'next/link';
import { analyticsToday } from '@/lib/domain/analytics/analytics-services';
import { insightFigures } from '@/lib/domain/analytics/dashboard';
import { rangeOf } from '@/lib/staff-web/analytics-range';
import { analyticsTable } from '@/lib/staff-web/analytics-tables';
import { Panel } from './panel';

const DAYS = 30;

/** An insight's readers over the last 30 days and the conversions it led to, as /staff/analytics counts them. */
export async function InsightAnalytics({ insightId }: { insightId: string }) {
  const range = rangeOf({ days: String(DAYS) }, analyticsToday());
  const [figures] = await insightFigures(range, [insightId]);
  const columns = analyticsTable('insights')!.columns.slice(1);
  return (
    <Panel id="insight-analytics" title={`Readers, last ${DAYS} days`}>
      <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="insight-analytics">
        {columns.map((column) => (
          <div key={column.heading}>
            <dt className="text-ink-muted">{column.heading}</dt>
            <dd className="font-semibold tabular-nums">{(figures && column.value(figures)) ?? '–'}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">
        <Link className="underline" href={`/staff/analytics?days=${DAYS}`}>
          All analytics
        </Link>
      </p>
    </Panel>
  );
}
