import { WEBHOOK_EXAMPLES } from '@/lib/contract/webhook-examples';
import type { WebhookEventType } from '@/lib/contract/webhook-events';
import { WEBHOOK_EVENT_TYPES } from '@/lib/contract/webhook-events';
import type { Prisma } from '@/lib/generated/prisma/client';
import { DomainError, notFound } from '../../core/errors';
import { opaqueId } from '../../core/tokens';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import { createDelivery } from './new-delivery';

type Tx = Prisma.TransactionClient;

async function activeEndpoint(tx: Tx, id: string) {
  const endpoint = await tx.webhookEndpoint.findUnique({ where: { id }, select: { id: true, status: true } });
  if (!endpoint) throw notFound('Webhook endpoint', id);
  if (endpoint.status !== 'active')
    throw new DomainError('TRANSITION_NOT_ALLOWED', 'Resume the endpoint first: nothing is sent to a paused or disabled endpoint.');
  return endpoint;
}

/**
 * "Send test event": an example event of `type` (example data, ids ending in `example`) as a delivery of its own, with
 * one attempt; it shows in the delivery log like any other, and is never replayed.
 */
export async function sendTestEvent(actor: StaffActor, endpointId: string, type: string, now = new Date()): Promise<string> {
  if (!WEBHOOK_EVENT_TYPES.includes(type as WebhookEventType)) throw new DomainError('TRANSITION_NOT_ALLOWED', 'Choose an event type from the list.');
  const eventType = type as WebhookEventType;
  return transactionWithJobs(async (tx, jobs) => {
    await activeEndpoint(tx, endpointId);
    const eventId = opaqueId('msg');
    await tx.webhookEvent.create({ data: { id: eventId, type: eventType, data: WEBHOOK_EXAMPLES[eventType], createdAt: now, test: true } });
    const deliveryId = await createDelivery(tx, jobs, { endpointId, eventId, trigger: 'test', now });
    await recordAudit(tx, actor, 'webhook.test', { type: 'webhook-endpoint', id: endpointId }, { eventType, eventId });
    return deliveryId;
  });
}

/** Re-sends one delivery's event by hand (same event id, so a receiver that has it already can tell), with one attempt. */
export async function resendDelivery(actor: StaffActor, deliveryId: string, now = new Date()): Promise<string> {
  return transactionWithJobs(async (tx, jobs) => {
    const delivery = await tx.webhookDelivery.findUnique({ where: { id: deliveryId }, select: { endpointId: true, eventId: true } });
    if (!delivery) throw notFound('Webhook delivery', deliveryId);
    await activeEndpoint(tx, delivery.endpointId);
    const id = await createDelivery(tx, jobs, { endpointId: delivery.endpointId, eventId: delivery.eventId, trigger: 'resend', now });
    await recordAudit(tx, actor, 'webhook.resend', { type: 'webhook-endpoint', id: delivery.endpointId }, { eventId: delivery.eventId, from: deliveryId });
    return id;
  });
}
