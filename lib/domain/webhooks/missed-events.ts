import { db } from '@/lib/db/client';
import type { Prisma, WebhookEndpoint } from '@/lib/generated/prisma/client';
import { DomainError, notFound } from '../../core/errors';
import { stringArray } from '../../core/json-columns';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import { createDeliveries } from './new-delivery';

type Reader = Pick<Prisma.TransactionClient, 'webhookEvent'>;

/** At most this many events are replayed at once (events are kept 30 days). */
export const MAX_REPLAY = 10_000;

/**
 * The events an endpoint missed while it was not receiving: of the types it wants, recorded from when it stopped (or
 * started failing) until it was enabled again, that it never received with a 2xx. Test events are never replayed.
 */
type MissingEndpoint = Pick<WebhookEndpoint, 'id' | 'eventTypes' | 'missedUntil'> & { missedFrom: Date };

function missedWhere(endpoint: MissingEndpoint): Prisma.WebhookEventWhereInput {
  return {
    test: false,
    type: { in: stringArray(endpoint.eventTypes, 'WebhookEndpoint.eventTypes') },
    createdAt: { gte: endpoint.missedFrom, ...(endpoint.missedUntil ? { lt: endpoint.missedUntil } : {}) },
    deliveries: { none: { endpointId: endpoint.id, status: 'succeeded' } },
  };
}

export function missedEventCount(client: Reader, endpoint: Pick<WebhookEndpoint, 'id' | 'eventTypes' | 'missedFrom' | 'missedUntil'>): Promise<number> {
  const { missedFrom } = endpoint;
  return missedFrom ? client.webhookEvent.count({ where: missedWhere({ ...endpoint, missedFrom }) }) : Promise.resolve(0);
}

/** Sends an enabled endpoint the events it missed, oldest first, in order like new ones; the offer then closes. */
export async function replayMissedEvents(actor: StaffActor, id: string, now = new Date()): Promise<number> {
  return transactionWithJobs(async (tx, jobs) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { id } });
    if (!endpoint) throw notFound('Webhook endpoint', id);
    if (endpoint.status !== 'active') throw new DomainError('TRANSITION_NOT_ALLOWED', 'Resume the endpoint first: a replay goes to an active endpoint.');
    const { missedFrom } = endpoint;
    if (!missedFrom) throw new DomainError('TRANSITION_NOT_ALLOWED', 'There is nothing to replay.');
    const events = await tx.webhookEvent.findMany({
      where: missedWhere({ ...endpoint, missedFrom }),
      select: { id: true },
      orderBy: { sequence: 'asc' },
      take: MAX_REPLAY,
    });
    await createDeliveries(tx, jobs, { endpointId: id, eventIds: events.map((event) => event.id), trigger: 'replay', now });
    await tx.webhookEndpoint.update({ where: { id }, data: { missedFrom: null, missedUntil: null } });
    await recordAudit(tx, actor, 'webhook.replay', { type: 'webhook-endpoint', id }, { events: events.length });
    return events.length;
  });
}

/** Declines the replay: the missed events stay missed. */
export async function dismissMissedEvents(actor: StaffActor, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({ where: { id, missedFrom: { not: null } }, data: { missedFrom: null, missedUntil: null } });
    if (count !== 1) throw new DomainError('TRANSITION_NOT_ALLOWED', 'There is nothing to replay.');
    await recordAudit(tx, actor, 'webhook.dismiss_replay', { type: 'webhook-endpoint', id });
  });
}
