import { db } from '@/lib/db/client';
import { IDEMPOTENCY_RETENTION_MS } from '../../idempotency/idempotency-keys';
import { pruneWebhookEvents } from '../webhooks/prune-webhook-events';

/** Finished jobs are kept this long for staff to look at… */
export const FINISHED_JOB_RETENTION_MS = 7 * 86_400_000;
/** …and dead ones longer, since someone may still want to retry them. */
export const DEAD_JOB_RETENTION_MS = 90 * 86_400_000;

/** Runners that stopped (or went silent) and closed incidents are kept this long for /staff/system. */
export const RUNNER_RETENTION_MS = 7 * 86_400_000;
export const INCIDENT_RETENTION_MS = 90 * 86_400_000;

/**
 * Deletes what nobody needs any more: old finished jobs, idempotency keys and webhook events past their retention,
 * runners gone for a week, incidents closed for a quarter.
 */
export async function pruneFinishedWork(
  now: Date,
): Promise<{ jobs: number; idempotencyKeys: number; webhookEvents: number; runners: number; incidents: number }> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const jobs = await db.job.deleteMany({
    where: {
      OR: [
        { status: { in: ['succeeded', 'cancelled'] }, finishedAt: { lt: before(FINISHED_JOB_RETENTION_MS) } },
        { status: 'dead', finishedAt: { lt: before(DEAD_JOB_RETENTION_MS) } },
      ],
    },
  });
  const keys = await db.idempotencyRecord.deleteMany({ where: { createdAt: { lt: before(IDEMPOTENCY_RETENTION_MS) } } });
  const webhookEvents = await pruneWebhookEvents(now);
  const runners = await db.jobRunner.deleteMany({ where: { lastBeatAt: { lt: before(RUNNER_RETENTION_MS) } } });
  const incidents = await db.incident.deleteMany({ where: { closedAt: { lt: before(INCIDENT_RETENTION_MS) } } });
  return { jobs: jobs.count, idempotencyKeys: keys.count, webhookEvents, runners: runners.count, incidents: incidents.count };
}
