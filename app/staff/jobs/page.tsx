import { StaffPageHeader } from '@/components/staff/staff-page-header';
import { jobOverview } from '@/lib/domain/jobs/job-admin';
import { JOB_STATUSES } from '@/lib/jobs/job-types';
import { firmDateTime } from '@/lib/firm-time';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { OutcomeMessage } from '../outcome-message';
import { retryJobAction } from './actions';
import { JobTable } from './job-table';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Jobs' };

/** When a dead or finished job ended. */
const finishedWhen = (job: { finishedAt: Date | null }) => (job.finishedAt ? firmDateTime(job.finishedAt) : '');

/** Admins watch the work that runs after requests, and give dead jobs another go once the cause is fixed. */
export default async function JobsPage({ searchParams }: { searchParams: Promise<{ error?: string; done?: string }> }) {
  await requireStaff('jobs', '/staff/jobs');
  const [{ counts, dead, running, waiting, recent }, query] = await Promise.all([jobOverview(), searchParams]);
  return (
    <>
      <StaffPageHeader title="Jobs">
        Payments, expiry sweeps and other work run here after the request that caused them. A failing job is retried with growing pauses; after its last attempt
        it is dead and waits for you.
      </StaffPageHeader>
      <OutcomeMessage error={query.error} done={query.done} />
      <dl className="mt-6 flex flex-wrap gap-3" aria-label="Jobs by status">
        {JOB_STATUSES.map((status) => (
          <div key={status} className="rounded-lg border border-line bg-surface px-4 py-2">
            <dt className="text-sm text-ink-muted">{status}</dt>
            <dd className="text-xl font-semibold" data-testid={`jobs-${status}`}>
              {counts[status]}
            </dd>
          </div>
        ))}
      </dl>
      <JobTable
        id="dead"
        title="Dead: out of attempts"
        empty="No dead jobs."
        jobs={dead}
        when={finishedWhen}
        action={(job) => (
          <form action={retryJobAction.bind(null, job.id)}>
            <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm font-medium">
              Retry
            </button>
          </form>
        )}
      />
      <JobTable id="running" title="Running" empty="Nothing is running." jobs={running} when={(job) => `held by ${job.leaseOwner ?? '?'}`} />
      <JobTable id="waiting" title="Waiting" empty="Nothing is waiting." jobs={waiting} when={(job) => `from ${firmDateTime(job.runAt)}`} />
      <JobTable id="recent" title="Recently finished" empty="Nothing has finished yet." jobs={recent} when={finishedWhen} />
    </>
  );
}
