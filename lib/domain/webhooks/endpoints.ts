import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '@/lib/contract/webhook-events';
import { db } from '@/lib/db/client';
import type { Prisma, WebhookEndpoint } from '@/lib/generated/prisma/client';
import { DomainError, notFound } from '../../core/errors';
import { opaqueId } from '../../core/tokens';
import { cancelQueuedJobs } from '../../jobs/job-queue';
import { newWebhookSecret } from '../../webhook-sender/webhook-secret';
import type { WebhookTargetOptions } from '../../webhook-sender/webhook-target';
import { checkWebhookUrl } from '../../webhook-sender/webhook-target';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import { cancelUnfinishedDeliveries } from './endpoint-state';
import { missedEventCount } from './missed-events';

type Tx = Prisma.TransactionClient;

/** How long the old secret keeps signing after a rotation, in hours: the receiver's time to switch. */
export const ROTATION_OVERLAPS_HOURS = [1, 24, 72, 168] as const;
export const DEFAULT_ROTATION_OVERLAP_HOURS = 24;

export const EndpointInput = z.object({
  url: z.string().trim().min(1, 'Enter the address the events should be sent to.').max(2000, 'The address is longer than 2000 characters.'),
  description: z.string().trim().max(200, 'Keep the description under 200 characters.'),
  eventTypes: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Choose event types from the list.' }), { error: 'Choose at least one event type.' })
    .min(1, 'Choose at least one event type.')
    // Stored in the contract's order, once each, whatever order the form sent.
    .transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type))),
});
export type EndpointFields = keyof z.input<typeof EndpointInput>;

export type CreateEndpointResult = { ok: true; id: string; secret: string } | { ok: false; errors: Partial<Record<EndpointFields, string>> };

const entity = (id: string) => ({ type: 'webhook-endpoint', id });

/**
 * Adds an endpoint: its address passes the guarded fetcher's rules (https, public addresses after DNS), and its signing
 * secret is made here and returned this once; pages never show it again, and nothing logs it.
 */
export async function createEndpoint(actor: StaffActor, input: unknown, options: WebhookTargetOptions = {}, now = new Date()): Promise<CreateEndpointResult> {
  const parsed = EndpointInput.safeParse(input);
  if (!parsed.success) {
    const errors: Partial<Record<EndpointFields, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as EndpointFields] ??= issue.message;
    return { ok: false, errors };
  }
  const verdict = await checkWebhookUrl(parsed.data.url, options);
  if (!verdict.ok) return { ok: false, errors: { url: verdict.reason } };
  const id = opaqueId('whe');
  const secret = newWebhookSecret();
  await db.$transaction(async (tx) => {
    await tx.webhookEndpoint.create({
      data: { id, url: verdict.url, description: parsed.data.description, eventTypes: parsed.data.eventTypes, secret, createdAt: now },
    });
    await recordAudit(tx, actor, 'webhook.create', entity(id), { url: verdict.url, eventTypes: parsed.data.eventTypes });
  });
  return { ok: true, id, secret };
}

async function endpointOrThrow(tx: Tx, id: string): Promise<WebhookEndpoint> {
  const endpoint = await tx.webhookEndpoint.findUnique({ where: { id } });
  if (!endpoint) throw notFound('Webhook endpoint', id);
  return endpoint;
}

/**
 * A new signing secret, returned this once. The old one keeps signing beside it for `overlapHours`, so the receiver can
 * switch without refusing a delivery; a rotation during an overlap ends the older secret's overlap at once.
 */
export async function rotateSecret(actor: StaffActor, id: string, overlapHours: number, now = new Date()): Promise<string> {
  if (!(ROTATION_OVERLAPS_HOURS as readonly number[]).includes(overlapHours)) {
    throw new DomainError('TRANSITION_NOT_ALLOWED', `Choose an overlap of ${ROTATION_OVERLAPS_HOURS.join(', ')} hours.`);
  }
  const secret = newWebhookSecret();
  await db.$transaction(async (tx) => {
    const endpoint = await endpointOrThrow(tx, id);
    const previousSecretExpiresAt = new Date(now.getTime() + overlapHours * 3_600_000);
    await tx.webhookEndpoint.update({ where: { id }, data: { secret, previousSecret: endpoint.secret, previousSecretExpiresAt } });
    await recordAudit(tx, actor, 'webhook.rotate_secret', entity(id), { previousSecretValidUntil: previousSecretExpiresAt.toISOString() });
  });
  return secret;
}

/** Stops sending to an active endpoint; what it misses from now on can be replayed when it is resumed. */
export async function pauseEndpoint(actor: StaffActor, id: string, now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    await endpointOrThrow(tx, id);
    const { count } = await tx.webhookEndpoint.updateMany({ where: { id, status: 'active' }, data: { status: 'paused', missedFrom: now, missedUntil: null } });
    if (count !== 1) throw new DomainError('TRANSITION_NOT_ALLOWED', 'Only an active endpoint can be paused.');
    await cancelUnfinishedDeliveries(tx, id, now);
    await recordAudit(tx, actor, 'webhook.pause', entity(id));
  });
}

/**
 * Enables a paused or disabled endpoint again: new events go to it from now on, and the events it missed while it was
 * not receiving are offered for replay (if there are any). Its failure history starts afresh.
 */
export async function resumeEndpoint(actor: StaffActor, id: string, now = new Date()): Promise<number> {
  return db.$transaction(async (tx) => {
    const endpoint = await endpointOrThrow(tx, id);
    if (endpoint.status === 'active') throw new DomainError('TRANSITION_NOT_ALLOWED', 'The endpoint is already active.');
    const missed = endpoint.missedFrom ? await missedEventCount(tx, { ...endpoint, missedUntil: now }) : 0;
    await tx.webhookEndpoint.update({
      where: { id },
      data: {
        status: 'active',
        disabledReason: null,
        failingSince: null,
        backoffUntil: null,
        ...(missed > 0 ? { missedUntil: now } : { missedFrom: null, missedUntil: null }),
      },
    });
    await recordAudit(tx, actor, 'webhook.resume', entity(id), { previousStatus: endpoint.status, missedEvents: missed });
    return missed;
  });
}

/** Removes an endpoint with its delivery log; what was still on its way to it is cancelled. */
export async function deleteEndpoint(actor: StaffActor, id: string, now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    const endpoint = await endpointOrThrow(tx, id);
    await cancelUnfinishedDeliveries(tx, id, now);
    // Jobs of deliveries that finished need nothing; only queued ones would wake for a delivery that is gone.
    const jobs = await tx.webhookDelivery.findMany({ where: { endpointId: id }, select: { jobId: true } });
    await cancelQueuedJobs(
      tx,
      jobs.map((row) => row.jobId),
      now,
    );
    await tx.webhookEndpoint.delete({ where: { id } });
    await recordAudit(tx, actor, 'webhook.delete', entity(id), { url: endpoint.url });
  });
}
