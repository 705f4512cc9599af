import type { Prisma } from '@/lib/generated/prisma/client';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { opaqueId } from '../../core/tokens';

type Tx = Prisma.TransactionClient;

/** Why a delivery exists: a change (event), an endpoint catching up (replay), an admin (resend, test). */
export type DeliveryTrigger = 'event' | 'replay' | 'resend' | 'test';

/** Triggers whose deliveries keep the order of events per endpoint and are retried on the schedule. */
export const ORDERED_TRIGGERS: readonly DeliveryTrigger[] = ['event', 'replay'];

/** One event to one endpoint: the delivery row and its `webhooks.deliver` job, in the caller's transaction. */
export async function createDelivery(
  tx: Tx,
  jobs: JobEnqueuer,
  { endpointId, eventId, trigger, now }: { endpointId: string; eventId: string; trigger: DeliveryTrigger; now: Date },
): Promise<string> {
  const id = opaqueId('whd');
  const jobId = await jobs.enqueue({ type: 'webhooks.deliver', payload: { deliveryId: id }, runAt: now });
  await tx.webhookDelivery.create({ data: { id, endpointId, eventId, trigger, jobId, createdAt: now, nextAttemptAt: now } });
  return id;
}
