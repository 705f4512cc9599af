import { db } from '@/lib/db/client';
import { IDEMPOTENCY_RETENTION_MS } from '../../idempotency/idempotency-keys';
import { pruneWebhookEvents } from '../webhooks/prune-webhook-events';

/** Finished jobs are kept this long for staff to look at… */
export const FINISHED_JOB_RETENTION_MS = 7 * 86_400_000;
/** …and dead ones longer, since someone may still want to retry them. */
export const DEAD_JOB_RETENTION_MS = 90 * 86_400_000;

/** Deletes what nobody needs any more: old finished jobs, idempotency keys and webhook events past their retention. */
export async function pruneFinishedWork(now: Date): Promise<{ jobs: number; idempotencyKeys: number; webhookEvents: number }> {
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
  return { jobs: jobs.count, idempotencyKeys: keys.count, webhookEvents };
}
