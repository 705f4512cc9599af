import type { ClaimedJob, FailureOutcome } from './job-queue';
import { claimJob, completeJob, failJob } from './job-queue';

/**
 * Runs one queued job in this process, now, instead of waiting for a runner: for work that must not depend on the
 * runner (an alert that the runner is down). The job is claimed with a lease like any other, so a runner cannot run it
 * twice, and a failure goes back to the queue with its backoff for a runner to retry. Resolves with `taken` when
 * someone else held it already.
 */
export async function runJobHere(
  { jobId, owner, now, leaseMs = 60_000 }: { jobId: string; owner: string; now: Date; leaseMs?: number },
  run: (job: ClaimedJob) => Promise<unknown>,
): Promise<{ status: 'succeeded' } | FailureOutcome | { status: 'taken' }> {
  const job = await claimJob(jobId, owner, now, leaseMs);
  if (!job) return { status: 'taken' };
  try {
    await run(job);
  } catch (error) {
    return failJob(job, owner, error, now);
  }
  await completeJob(job.id, owner, now);
  return { status: 'succeeded' };
}
