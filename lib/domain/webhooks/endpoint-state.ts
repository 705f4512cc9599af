import type { Prisma } from '@/lib/generated/prisma/client';
import type { MailSettings } from '@/lib/mail';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { cancelQueuedJobs } from '../../jobs/job-queue';
import { enqueueEndpointDisabledNotices } from '../mail/webhook-mail';

type Tx = Prisma.TransactionClient;

export const ENDPOINT_STATUSES = ['active', 'paused', 'disabled'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

/** An endpoint failing this long without a single success is disabled. */
export const FAILING_DISABLES_AFTER_MS = 5 * 86_400_000;

/** Deliveries not finished yet: waiting for their first attempt, or for a retry. */
export const UNFINISHED_DELIVERY = ['pending', 'retrying'];

/**
 * Stops everything still on its way to an endpoint that stops receiving (paused, disabled, deleted): its unfinished
 * deliveries are cancelled with their queued jobs. They count as missed, so the replay offered on re-enabling sends
 * them, and an old retry can never arrive after the replay.
 */
export async function cancelUnfinishedDeliveries(tx: Tx, endpointId: string, now: Date): Promise<number> {
  const unfinished = await tx.webhookDelivery.findMany({ where: { endpointId, status: { in: UNFINISHED_DELIVERY } }, select: { id: true, jobId: true } });
  if (unfinished.length === 0) return 0;
  await tx.webhookDelivery.updateMany({
    where: { id: { in: unfinished.map((delivery) => delivery.id) }, status: { in: UNFINISHED_DELIVERY } },
    data: { status: 'cancelled', finishedAt: now, nextAttemptAt: null },
  });
  await cancelQueuedJobs(
    tx,
    unfinished.map((delivery) => delivery.jobId),
    now,
  );
  return unfinished.length;
}

export interface DisableRequest {
  endpoint: { id: string; url: string; description: string; failingSince: Date | null };
  reason: string;
  now: Date;
  /** Loaded before the transaction opened (loadMailSettings): every admin is emailed. */
  settings: MailSettings;
}

/**
 * Disables an active endpoint for a reason the receiver gave (410) or its failures did (5 days), emails the admins,
 * and marks what it misses from when it started failing. Does nothing to an endpoint that is not active any more.
 */
export async function disableEndpoint(tx: Tx, jobs: JobEnqueuer, { endpoint, reason, now, settings }: DisableRequest): Promise<boolean> {
  const { count } = await tx.webhookEndpoint.updateMany({
    where: { id: endpoint.id, status: 'active' },
    data: { status: 'disabled', disabledReason: reason, missedFrom: endpoint.failingSince ?? now, missedUntil: null, backoffUntil: null },
  });
  if (count !== 1) return false;
  await cancelUnfinishedDeliveries(tx, endpoint.id, now);
  await enqueueEndpointDisabledNotices(tx, jobs, { ...endpoint, reason }, settings);
  return true;
}
