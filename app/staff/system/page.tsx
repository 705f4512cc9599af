import { systemOverview } from '@/lib/domain/system/system-overview';
import { JOB_STATUSES } from '@/lib/jobs/job-types';
import { formatDateTime } from '@/lib/format';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { OutcomeMessage } from '../outcome-message';
import { acknowledgeFailuresAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'System' };

const when = (date: Date | null | undefined) => (date ? formatDateTime(date.toISOString()) : '');
const cell = 'py-2 pr-3 align-top';

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

      <section aria-labelledby="checks-heading" className="mt-8">
        <h2 id="checks-heading" className="font-serif text-2xl font-semibold">
          Health checks
        </h2>
        <table className="mt-4 w-full border-collapse text-left text-sm" data-testid="system-checks">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className={cell}>
                Check
              </th>
              <th scope="col" className={cell}>
                Status
              </th>
              <th scope="col" className={cell}>
                What it found
              </th>
              <th scope="col" className={cell}>
                Since
              </th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(checks).map(([name, check]) => (
              <tr key={name} className="border-b border-line" data-testid={`check-${name}`}>
                <th scope="row" className={cell}>
                  {name}
                </th>
                <td className={`${cell} font-semibold ${check.status === 'fail' ? 'text-danger' : ''}`}>{check.status}</td>
                <td className={cell}>{check.detail}</td>
                <td className={cell}>{when(check.since)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {checks.unseenFailures.status === 'fail' && (
          <form action={acknowledgeFailuresAction} className="mt-4">
            <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm font-medium">
              Mark the dead jobs and failed emails as seen
            </button>
          </form>
        )}
      </section>

      <section aria-labelledby="runners-heading" className="mt-10">
        <h2 id="runners-heading" className="font-serif text-2xl font-semibold">
          Job runners
        </h2>
        {runners.length === 0 ? (
          <p className="mt-3 text-ink-muted">No job runner has reported yet.</p>
        ) : (
          <table className="mt-4 w-full border-collapse text-left text-sm" data-testid="system-runners">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className={cell}>
                  Runner
                </th>
                <th scope="col" className={cell}>
                  State
                </th>
                <th scope="col" className={cell}>
                  Started
                </th>
                <th scope="col" className={cell}>
                  Last heartbeat
                </th>
                <th scope="col" className={cell}>
                  Jobs running
                </th>
              </tr>
            </thead>
            <tbody>
              {runners.map((runner) => (
                <tr key={runner.id} className="border-b border-line">
                  <th scope="row" className={`${cell} font-mono text-xs`}>
                    {runner.id}
                  </th>
                  <td className={cell}>{runner.state}</td>
                  <td className={cell}>{when(runner.startedAt)}</td>
                  <td className={cell}>{when(runner.lastBeatAt)}</td>
                  <td className={cell}>{runner.jobsRunning}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="queue-heading" className="mt-10">
        <h2 id="queue-heading" className="font-serif text-2xl font-semibold">
          Queue
        </h2>
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
      </section>

      <section aria-labelledby="incidents-heading" className="mt-10">
        <h2 id="incidents-heading" className="font-serif text-2xl font-semibold">
          Recent incidents
        </h2>
        {incidents.length === 0 ? (
          <p className="mt-3 text-ink-muted">No incident yet.</p>
        ) : (
          <table className="mt-4 w-full border-collapse text-left text-sm" data-testid="system-incidents">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className={cell}>
                  Check
                </th>
                <th scope="col" className={cell}>
                  What failed
                </th>
                <th scope="col" className={cell}>
                  Since
                </th>
                <th scope="col" className={cell}>
                  Cleared
                </th>
              </tr>
            </thead>
            <tbody>
              {incidents.map((incident) => (
                <tr key={incident.id} className="border-b border-line">
                  <th scope="row" className={cell}>
                    {incident.check}
                  </th>
                  <td className={cell}>{incident.summary}</td>
                  <td className={cell}>{when(incident.since)}</td>
                  <td className={cell}>{incident.closedAt ? when(incident.closedAt) : 'open'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
