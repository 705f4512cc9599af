import { db } from '@/lib/db/client';
import { metrics } from '@/lib/observability/metrics.mjs';
import { commitmentGaugeSamples } from '../commitments/commitment-metrics';
import { heartbeatStaleAfterMs } from '../../jobs/runner-heartbeats';
import { healthSettings, oldestDueJob, runHealthChecks, ALERTED_CHECKS } from './health-checks';

/**
 * The series of /metrics that the database holds (queue, runners, outbox, reports, commitments, health checks), read at each
 * scrape. Several instances share the database, so each reports the same values.
 */
export async function refreshDatabaseGauges(now = new Date()): Promise<void> {
  const series = metrics();
  const settings = healthSettings();
  const [jobs, due, runners, outbox, reports, commitments, checks] = await Promise.all([
    db.job.groupBy({ by: ['type', 'status'], _count: { _all: true } }),
    oldestDueJob(now),
    db.jobRunner.findMany({ select: { lastBeatAt: true, stoppedAt: true } }),
    db.outboxMessage.groupBy({ by: ['status'], _count: { _all: true } }),
    db.report.groupBy({ by: ['status'], _count: { _all: true } }),
    commitmentGaugeSamples(now),
    runHealthChecks(now, settings),
  ]);
  series.jobQueueJobs.reset();
  for (const row of jobs) series.jobQueueJobs.set({ type: row.type, state: row.status }, row._count._all);
  series.jobQueueOldestDueAge.set(due.dueSince ? (now.getTime() - due.dueSince.getTime()) / 1000 : 0);

  const staleAfterMs = heartbeatStaleAfterMs(settings.pollMs);
  const live = runners.filter((runner) => !runner.stoppedAt);
  const alive = live.filter((runner) => now.getTime() - runner.lastBeatAt.getTime() <= staleAfterMs).length;
  series.jobRunners.set({ state: 'alive' }, alive);
  series.jobRunners.set({ state: 'silent' }, live.length - alive);
  series.jobRunners.set({ state: 'stopped' }, runners.length - live.length);
  const lastBeat = Math.max(0, ...runners.map((runner) => runner.lastBeatAt.getTime()));
  series.runnerLastHeartbeat.set(lastBeat / 1000);

  series.outboxMessages.reset();
  for (const row of outbox) series.outboxMessages.set({ state: row.status }, row._count._all);
  series.reports.reset();
  for (const row of reports) series.reports.set({ state: row.status }, row._count._all);
  for (const sample of commitments) {
    series.commitmentsOpen.set({ kind: sample.kind }, sample.open);
    series.commitmentsOverdue.set({ kind: sample.kind }, sample.overdue);
    series.commitmentsMissed.set({ kind: sample.kind }, sample.missed);
  }
  for (const check of ALERTED_CHECKS) series.healthCheckFailing.set({ check }, checks[check].status === 'fail' ? 1 : 0);
}
