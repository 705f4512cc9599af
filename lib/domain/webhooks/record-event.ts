import type { WebhookEventData, WebhookEventType } from '@/lib/contract/webhook-events';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { stringArray } from '../../core/json-columns';
import { opaqueId } from '../../core/tokens';
import { createDelivery } from './new-delivery';

type Tx = Prisma.TransactionClient;

/** Whether an endpoint asked for events of `type`. */
export function wantsEvent(endpoint: { eventTypes: Prisma.JsonValue }, type: string): boolean {
  return stringArray(endpoint.eventTypes, 'WebhookEndpoint.eventTypes').includes(type);
}

/**
 * Records a webhook event in the caller's transaction (the outbox pattern, as for jobs): the event row, and one
 * delivery with its job for every active endpoint that wants the type. So an event exists exactly when the change
 * that caused it committed, and each endpoint gets it whatever happens to this process afterwards. `now` is the
 * envelope's timestamp: the clock the change itself was made with. Returns the event id (the `webhook-id`).
 */
export async function recordWebhookEvent<T extends WebhookEventType>(
  tx: Tx,
  jobs: JobEnqueuer,
  type: T,
  data: WebhookEventData<T>,
  now: Date,
): Promise<string> {
  const id = opaqueId('msg');
  await tx.webhookEvent.create({ data: { id, type, data: data as Prisma.InputJsonValue, createdAt: now } });
  const endpoints = await tx.webhookEndpoint.findMany({ where: { status: 'active' }, select: { id: true, eventTypes: true }, orderBy: { createdAt: 'asc' } });
  for (const endpoint of endpoints) {
    if (wantsEvent(endpoint, type)) await createDelivery(tx, jobs, { endpointId: endpoint.id, eventId: id, trigger: 'event', now });
  }
  return id;
}
