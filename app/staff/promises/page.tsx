import Link from 'next/link';
import { OnTimeChart } from '@/components/staff/on-time-chart';
import { StaffPageHeader } from '@/components/staff/staff-page-header';
import { StaffSection } from '@/components/staff/staff-section';
import { StaffTable, type StaffColumn } from '@/components/staff/staff-table';
import { COMMITMENT_KINDS, KIND_LABELS, KIND_PLURALS } from '@/lib/domain/commitments/commitment-kinds';
import type { Tally } from '@/lib/domain/commitments/commitment-outcome';
import { promiseStats, type MissView } from '@/lib/domain/commitments/promise-stats';
import { firmDateTime } from '@/lib/firm-time';
import { requireStaff } from '@/lib/staff-web/current-staff';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Promises' };

const WEEKS = 12;
const CELL = 'py-2 pr-3';

const rateText = (tally: Tally) => (tally.rate === null ? '–' : `${Math.round(tally.rate * 100)}%`);
const hoursText = (hours: number | null) => (hours === null ? '–' : `${hours.toFixed(1)} h`);

/** A table's header row from its column names. */
function ColumnHeads({ names }: { names: string[] }) {
  return (
    <thead>
      <tr className="border-b border-line">
        {names.map((name) => (
          <th key={name} scope="col" className={CELL}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function TallyCell({ tally, testId }: { tally: Tally; testId: string }) {
  return (
    <td className={CELL} data-testid={testId}>
      <span className="font-semibold">{rateText(tally)}</span>
      <br />
      <span className="text-ink-muted whitespace-nowrap">
        {tally.onTime} on time · {tally.late} late · {tally.missed} missed
      </span>
    </td>
  );
}

const MISS_COLUMNS: StaffColumn<MissView>[] = [
  { heading: 'Was due', cellClassName: 'whitespace-nowrap', cell: (miss) => firmDateTime(miss.commitment.dueAt) },
  {
    heading: 'Promise',
    cell: (miss) => (
      <>
        <span className="text-ink-muted">{KIND_LABELS[miss.commitment.kind]}:</span>{' '}
        <Link className="underline underline-offset-4" href={miss.commitment.staffPath}>
          {miss.commitment.promise}
        </Link>
        <br />
        {miss.commitment.person}
      </>
    ),
  },
  { heading: 'How late', cell: (miss) => miss.lateBy },
  { heading: 'Why', cell: (miss) => miss.reason },
  { heading: 'Since', cell: (miss) => miss.resolution },
];

/**
 * How well the firm keeps its promises: the on-time rate by kind and week over the last 12 weeks (by the week each
 * promise fell due, firm time), the median time to answer an inquiry against the time promised, and every miss with
 * its reason.
 */
export default async function PromisesPage() {
  await requireStaff('commitments', '/staff/promises');
  const now = new Date();
  const stats = await promiseStats(now, { weeks: WEEKS });
  const summary = [
    { label: 'Kept on time', value: rateText(stats.all), detail: `${stats.all.onTime} of ${stats.all.total}`, testId: 'summary-on-time' },
    { label: 'Kept late', value: String(stats.all.late), detail: 'kept after the due time', testId: 'summary-late' },
    { label: 'Missed', value: String(stats.all.missed), detail: 'not kept by now', testId: 'summary-missed' },
    {
      label: 'Median reply',
      value: hoursText(stats.replies.medianReplyHours),
      detail: `against ${hoursText(stats.replies.medianPromisedHours)} promised (business hours, ${stats.replies.count} replies)`,
      testId: 'summary-median-reply',
    },
  ];
  return (
    <>
      <StaffPageHeader title="Promises">
        Every promise made with a time on it: replies to inquiries, decisions on booking requests, consultant reports and website audits. Each counts in the
        week it fell due (Monday to Sunday, firm time), once its outcome is known: kept on time, kept late, or missed. The last {WEEKS} weeks.
      </StaffPageHeader>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {summary.map((item) => (
          <div key={item.label} className="rounded-lg border border-line bg-surface p-4">
            <dt className="text-sm text-ink-muted">{item.label}</dt>
            <dd className="mt-1 font-serif text-3xl font-semibold" data-testid={item.testId}>
              {item.value}
            </dd>
            <dd className="text-sm text-ink-muted">{item.detail}</dd>
          </div>
        ))}
      </dl>

      <StaffSection id="charts" title="On time, week by week">
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <OnTimeChart id="all" title="All promises" bars={stats.weeks.map((week) => ({ label: week.label, rate: week.all.rate, total: week.all.total }))} />
          {COMMITMENT_KINDS.map((kind) => (
            <OnTimeChart
              key={kind}
              id={kind}
              title={KIND_PLURALS[kind]}
              bars={stats.weeks.map((week) => ({ label: week.label, rate: week.byKind[kind].rate, total: week.byKind[kind].total }))}
            />
          ))}
        </div>
      </StaffSection>

      <StaffSection id="kinds" title={`By kind, ${WEEKS} weeks`}>
        <table className="mt-4 w-full border-collapse text-left text-sm">
          <ColumnHeads names={['Kind', 'On time', 'Kept late', 'Missed', 'On-time rate']} />
          <tbody>
            {COMMITMENT_KINDS.map((kind) => {
              const tally = stats.byKind[kind];
              return (
                <tr key={kind} className="border-b border-line" data-testid={`kind-${kind}`}>
                  <th scope="row" className={`${CELL} font-medium`}>
                    {KIND_PLURALS[kind]}
                  </th>
                  <td className={CELL} data-testid="on-time">
                    {tally.onTime}
                  </td>
                  <td className={CELL} data-testid="late">
                    {tally.late}
                  </td>
                  <td className={CELL} data-testid="missed">
                    {tally.missed}
                  </td>
                  <td className={CELL} data-testid="rate">
                    {rateText(tally)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </StaffSection>

      <StaffSection id="weeks" title="By week">
        {/* Focusable, so a keyboard can scroll the table sideways on a narrow screen. */}
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label="The weeks, in a table that scrolls sideways">
          <table className="w-full border-collapse text-left text-sm">
            <ColumnHeads names={['Week of', 'All', ...COMMITMENT_KINDS.map((kind) => KIND_PLURALS[kind]), 'Median reply (promised)']} />
            <tbody>
              {[...stats.weeks].reverse().map((week) => (
                <tr key={week.weekStart} className="border-b border-line align-top" data-testid={`week-${week.weekStart}`}>
                  <th scope="row" className={`${CELL} font-medium whitespace-nowrap`}>
                    {week.label}
                  </th>
                  <TallyCell tally={week.all} testId="all" />
                  {COMMITMENT_KINDS.map((kind) => (
                    <TallyCell key={kind} tally={week.byKind[kind]} testId={kind} />
                  ))}
                  <td className={`${CELL} whitespace-nowrap`}>
                    {hoursText(week.medianReplyHours)} ({hoursText(week.medianPromisedHours)})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </StaffSection>

      <StaffSection id="misses" title="Misses and their reasons">
        <StaffTable
          className="mt-4"
          testId="misses"
          rows={stats.misses}
          rowKey={(miss) => miss.commitment.id}
          rowTestId={(miss) => `miss-${miss.commitment.id}`}
          empty="No promise was missed in these weeks."
          columns={MISS_COLUMNS}
        />
      </StaffSection>
    </>
  );
}
