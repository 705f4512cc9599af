import { db } from '@/lib/db/client';
import { wakeJobRunner } from '@/lib/jobs/wake';
import { DomainError, notFound } from '../../core/errors';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import type { JobStatus } from '../../jobs/job-types';
import { JOB_STATUSES } from '../../jobs/job-types';

const LISTED = {
  id: true,
  type: true,
  status: true,
  attempts: true,
  maxAttempts: true,
  runAt: true,
  lastError: true,
  leaseOwner: true,
  leaseExpiresAt: true,
  createdAt: true,
  finishedAt: true,
  payload: true,
} as const;

/** What /staff/jobs shows: how many jobs are in each state, the dead ones first, then what runs and waits now. */
export async function jobOverview(now = new Date()) {
  const grouped = await db.job.groupBy({ by: ['status'], _count: { _all: true } });
  const counts = Object.fromEntries(JOB_STATUSES.map((status) => [status, 0])) as Record<JobStatus, number>;
  for (const row of grouped) counts[row.status as JobStatus] = row._count._all;
  const [dead, running, waiting, recent] = await Promise.all([
    db.job.findMany({ where: { status: 'dead' }, orderBy: { finishedAt: 'desc' }, take: 100, select: LISTED }),
    db.job.findMany({ where: { status: 'running' }, orderBy: { runAt: 'asc' }, take: 50, select: LISTED }),
    // Retries waiting for their backoff, and work due soon.
    db.job.findMany({ where: { status: 'queued' }, orderBy: { runAt: 'asc' }, take: 50, select: LISTED }),
    db.job.findMany({ where: { status: 'succeeded' }, orderBy: { finishedAt: 'desc' }, take: 20, select: LISTED }),
  ]);
  return { counts, dead, running, waiting, recent, now };
}

/** Gives a dead job a fresh set of attempts, now. Its last error stays visible until it runs again. */
export async function retryDeadJob(actor: StaffActor, jobId: string, now = new Date()): Promise<void> {
  const job = await db.job.findUnique({ where: { id: jobId }, select: { status: true, type: true } });
  if (!job) throw notFound('Job', jobId);
  await db.$transaction(async (tx) => {
    const { count } = await tx.job.updateMany({ where: { id: jobId, status: 'dead' }, data: { status: 'queued', runAt: now, attempts: 0, finishedAt: null } });
    if (count !== 1) throw new DomainError('TRANSITION_NOT_ALLOWED', `Only a dead job can be retried; this one is ${job.status}.`);
    await recordAudit(tx, actor, 'job.retry', { type: 'job', id: jobId }, { jobType: job.type });
  });
  wakeJobRunner();
}
