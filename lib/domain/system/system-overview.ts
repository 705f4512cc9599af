import { db } from '@/lib/db/client';
import { heartbeatStaleAfterMs } from '../../jobs/runner-heartbeats';
import { JOB_STATUSES, type JobStatus } from '../../jobs/job-types';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import { healthSettings, oldestDueJob, runHealthChecks, type HealthSettings } from './health-checks';

/** What /staff/system shows: the health checks, the runners and their heartbeats, the queue, recent incidents. */
export async function systemOverview(now = new Date(), settings: HealthSettings = healthSettings()) {
  const staleAfterMs = heartbeatStaleAfterMs(settings.pollMs);
  const [checks, runners, grouped, due, incidents] = await Promise.all([
    runHealthChecks(now, settings),
    db.jobRunner.findMany({ orderBy: { lastBeatAt: 'desc' }, take: 20 }),
    db.job.groupBy({ by: ['status'], _count: { _all: true } }),
    oldestDueJob(now),
    db.incident.findMany({ orderBy: { openedAt: 'desc' }, take: 20 }),
  ]);
  const counts = Object.fromEntries(JOB_STATUSES.map((status) => [status, 0])) as Record<JobStatus, number>;
  for (const row of grouped) counts[row.status as JobStatus] = row._count._all;
  return {
    checks,
    runners: runners.map((runner) => ({
      ...runner,
      state: runner.stoppedAt ? ('stopped' as const) : now.getTime() - runner.lastBeatAt.getTime() <= staleAfterMs ? ('alive' as const) : ('silent' as const),
    })),
    queue: { counts, due: due.count, oldestDueSeconds: due.dueSince ? Math.round((now.getTime() - due.dueSince.getTime()) / 1000) : null },
    incidents,
  };
}

/**
 * An admin has seen the dead jobs and the messages that failed for good: they no longer degrade the health check
 * (until one dies or fails again). Returns how many of each were marked.
 */
export async function acknowledgeFailures(actor: StaffActor, now = new Date()): Promise<{ jobs: number; messages: number }> {
  return db.$transaction(async (tx) => {
    const jobs = await tx.job.updateMany({ where: { status: 'dead', acknowledgedAt: null }, data: { acknowledgedAt: now } });
    const messages = await tx.outboxMessage.updateMany({ where: { status: 'failed', acknowledgedAt: null }, data: { acknowledgedAt: now } });
    await recordAudit(tx, actor, 'system.acknowledge-failures', { type: 'system', id: 'failures' }, { jobs: jobs.count, messages: messages.count });
    return { jobs: jobs.count, messages: messages.count };
  });
}
