import type { ReactNode } from 'react';
import { systemOverview } from '@/lib/domain/system/system-overview';
import { JOB_STATUSES } from '@/lib/jobs/job-types';
import { firmDateTime } from '@/lib/firm-time';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { OutcomeMessage } from '../outcome-message';
import { acknowledgeFailuresAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'System' };

const when = (date: Date | null | undefined) => (date ? firmDateTime(date) : '');
const cell = 'py-2 pr-3 align-top';

/** One titled part of the page. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10">
      <h2 id={`${id}-heading`} className="font-serif text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A table whose first cell of each row names the row; `empty` when there are no rows. */
function Rows({ id, columns, rows, empty }: { id: string; columns: string[]; rows: { key: string; cells: ReactNode[] }[]; empty: string }) {
  if (rows.length === 0) return <p className="mt-3 text-ink-muted">{empty}</p>;
  return (
    <table className="mt-4 w-full border-collapse text-left text-sm" data-testid={`system-${id}`}>
      <thead>
        <tr className="border-b border-line">
          {columns.map((column) => (
            <th key={column} scope="col" className={cell}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, cells: [first, ...rest] }) => (
          <tr key={key} className="border-b border-line">
            <th scope="row" className={cell}>
              {first}
            </th>
            {rest.map((value, index) => (
              <td key={index} className={cell}>
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Admins see what /v1/health checks and why, the job runners and their heartbeats, the queue, and the incidents that
 * sent alerts; dead jobs and failed emails they have seen stop degrading the health check once marked seen here.
 */
export default async function SystemPage({ searchParams }: { searchParams: Promise<{ error?: string; done?: string }> }) {
  await requireStaff('system', '/staff/system');
  const [{ checks, runners, queue, incidents }, query] = await Promise.all([systemOverview(), searchParams]);
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">System</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">
        What /v1/health checks. A failing check makes the site report itself degraded, and opens an incident: one alert email when it starts, another when it
        clears.
      </p>
      <OutcomeMessage error={query.error} done={query.done} doneMessage="Marked as seen." />

      <Section id="checks" title="Health checks">
        <Rows
          id="checks"
          columns={['Check', 'Status', 'What it found', 'Since']}
          empty=""
          rows={Object.entries(checks).map(([name, check]) => ({
            key: name,
            cells: [
              name,
              <strong key="status" className={check.status === 'fail' ? 'text-danger' : ''}>
                {check.status}
              </strong>,
              check.detail,
              when(check.since),
            ],
          }))}
        />
        {checks.unseenFailures.status === 'fail' && (
          <form action={acknowledgeFailuresAction} className="mt-4">
            <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm font-medium">
              Mark the dead jobs and failed emails as seen
            </button>
          </form>
        )}
      </Section>

      <Section id="runners" title="Job runners">
        <Rows
          id="runners"
          columns={['Runner', 'State', 'Started', 'Last heartbeat', 'Jobs running']}
          empty="No job runner has reported yet."
          rows={runners.map((runner) => ({
            key: runner.id,
            cells: [<code key="id">{runner.id}</code>, runner.state, when(runner.startedAt), when(runner.lastBeatAt), runner.jobsRunning],
          }))}
        />
      </Section>

      <Section id="queue" title="Queue">
        <p className="mt-2" data-testid="system-queue-due">
          {queue.due === 0 ? 'No job is due.' : `${queue.due} due; the oldest has waited ${queue.oldestDueSeconds} s.`}
        </p>
        <dl className="mt-4 flex flex-wrap gap-3" aria-label="Jobs by status">
          {JOB_STATUSES.map((status) => (
            <div key={status} className="rounded-lg border border-line bg-surface px-4 py-2">
              <dt className="text-sm text-ink-muted">{status}</dt>
              <dd className="text-xl font-semibold">{queue.counts[status]}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="incidents" title="Recent incidents">
        <Rows
          id="incidents"
          columns={['Check', 'What failed', 'Since', 'Cleared']}
          empty="No incident yet."
          rows={incidents.map((incident) => ({
            key: incident.id,
            cells: [incident.check, incident.summary, when(incident.since), incident.closedAt ? when(incident.closedAt) : 'open'],
          }))}
        />
      </Section>
    </>
  );
}
