import { db } from '@/lib/db/client';
import { stringArray } from '../../core/json-columns';
import { notFound } from '../../core/errors';
import { missedEventCount } from './missed-events';

/** What pages may show of an endpoint: everything but its secrets, which are never read back for display. */
const ENDPOINT_VIEW = {
  id: true,
  url: true,
  description: true,
  eventTypes: true,
  status: true,
  disabledReason: true,
  previousSecretExpiresAt: true,
  failingSince: true,
  backoffUntil: true,
  missedFrom: true,
  missedUntil: true,
  createdAt: true,
} as const;

/** Deliveries shown on an endpoint's page, newest first. */
export const DELIVERY_LOG_SIZE = 50;

export async function listEndpoints() {
  const endpoints = await db.webhookEndpoint.findMany({ select: ENDPOINT_VIEW, orderBy: { createdAt: 'asc' } });
  return Promise.all(
    endpoints.map(async (endpoint) => {
      const last = await db.webhookDelivery.findFirst({
        where: { endpointId: endpoint.id, attempts: { gt: 0 } },
        orderBy: { sequence: 'desc' },
        select: { status: true, finishedAt: true, createdAt: true },
      });
      const unfinished = await db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: { in: ['pending', 'retrying'] } } });
      return { ...endpoint, eventTypes: stringArray(endpoint.eventTypes, 'WebhookEndpoint.eventTypes'), last, unfinished };
    }),
  );
}

/** One endpoint for its page: settings, the replay offer, and the delivery log with every attempt. */
export async function endpointDetail(id: string, now = new Date()) {
  const endpoint = await db.webhookEndpoint.findUnique({ where: { id }, select: ENDPOINT_VIEW });
  if (!endpoint) throw notFound('Webhook endpoint', id);
  const [missed, deliveries] = await Promise.all([
    missedEventCount(db, endpoint),
    db.webhookDelivery.findMany({
      where: { endpointId: id },
      orderBy: { sequence: 'desc' },
      take: DELIVERY_LOG_SIZE,
      include: { event: { select: { id: true, type: true, createdAt: true, test: true } }, attemptLog: { orderBy: { number: 'asc' } } },
    }),
  ]);
  return {
    ...endpoint,
    eventTypes: stringArray(endpoint.eventTypes, 'WebhookEndpoint.eventTypes'),
    rotationOverlapActive: endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt > now,
    missed,
    deliveries,
  };
}

export type EndpointDetail = Awaited<ReturnType<typeof endpointDetail>>;
export type EndpointSummary = Awaited<ReturnType<typeof listEndpoints>>[number];
