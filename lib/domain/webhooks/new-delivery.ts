import type { Prisma } from '@/lib/generated/prisma/client';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { opaqueId } from '../../core/tokens';
import type { DeliveryTrigger } from './delivery-turn';
import { holdTheLine, isOrdered, turnWaitMs, waitingAhead } from './delivery-turn';

type Tx = Prisma.TransactionClient;

/**
 * One event to one endpoint: the delivery row and its `webhooks.deliver` job, in the caller's transaction. A delivery
 * that keeps the endpoint's order and has others waiting ahead of it is parked from the start (30 s for each, at most an
 * hour): the one ahead wakes it when its turn comes, so it is not claimed before then only to park itself.
 */
export async function createDelivery(
  tx: Tx,
  jobs: JobEnqueuer,
  { endpointId, eventId, trigger, now }: { endpointId: string; eventId: string; trigger: DeliveryTrigger; now: Date },
): Promise<string> {
  const id = opaqueId('whd');
  let runAt = now;
  if (isOrdered(trigger)) {
    await holdTheLine(tx, endpointId);
    runAt = new Date(now.getTime() + turnWaitMs(await waitingAhead(tx, endpointId)));
  }
  const jobId = await jobs.enqueue({ type: 'webhooks.deliver', payload: { deliveryId: id }, runAt });
  await tx.webhookDelivery.create({ data: { id, endpointId, eventId, trigger, jobId, createdAt: now, nextAttemptAt: now } });
  return id;
}
