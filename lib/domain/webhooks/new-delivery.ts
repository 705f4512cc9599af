import type { Prisma } from '@/lib/generated/prisma/client';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { opaqueId } from '../../core/tokens';
import type { DeliveryTrigger } from './delivery-turn';
import { holdTheLine, isOrdered, turnWaitMs, waitingAhead } from './delivery-turn';

type Tx = Prisma.TransactionClient;

/**
 * Events to one endpoint, in the order given: a delivery row and its `webhooks.deliver` job each, in the caller's
 * transaction. A delivery that keeps the endpoint's order and has others waiting ahead of it is parked from the start
 * (30 s for each, at most an hour): the one ahead wakes it when its turn comes, so it is not claimed before then only to
 * park itself. The line is locked and counted once for all of them, the i-th being i places further back (a replay
 * records up to MAX_REPLAY at once).
 */
export async function createDeliveries(
  tx: Tx,
  jobs: JobEnqueuer,
  { endpointId, eventIds, trigger, now }: { endpointId: string; eventIds: readonly string[]; trigger: DeliveryTrigger; now: Date },
): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const ordered = isOrdered(trigger);
  if (ordered) await holdTheLine(tx, endpointId);
  const ahead = ordered ? await waitingAhead(tx, endpointId) : 0;
  const ids: string[] = [];
  for (const [place, eventId] of eventIds.entries()) {
    const id = opaqueId('whd');
    const runAt = ordered ? new Date(now.getTime() + turnWaitMs(ahead + place)) : now;
    const jobId = await jobs.enqueue({ type: 'webhooks.deliver', payload: { deliveryId: id }, runAt });
    await tx.webhookDelivery.create({ data: { id, endpointId, eventId, trigger, jobId, createdAt: now, nextAttemptAt: now } });
    ids.push(id);
  }
  return ids;
}

/** One event to one endpoint (createDeliveries of one). */
export async function createDelivery(
  tx: Tx,
  jobs: JobEnqueuer,
  { eventId, ...delivery }: { endpointId: string; eventId: string; trigger: DeliveryTrigger; now: Date },
): Promise<string> {
  const [id] = await createDeliveries(tx, jobs, { ...delivery, eventIds: [eventId] });
  return id!;
}
