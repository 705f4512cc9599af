import { db } from '@/lib/db/client';
import type { WebhookEndpoint, WebhookEvent } from '@/lib/generated/prisma/client';
import type { MailSettings } from '@/lib/mail';
import { RetryJobLater } from '../../jobs/job-errors';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { WEBHOOK_RETRY_SCHEDULE_MS } from '../../jobs/job-types';
import { retryDelayFor } from '../../jobs/retry-backoff';
import { retryAfterTime } from '../../webhook-sender/retry-after';
import type { SendWebhookOptions, WebhookSendResult } from '../../webhook-sender/send-webhook';
import { sendWebhook } from '../../webhook-sender/send-webhook';
import { loadMailSettings } from '../mail/mail-settings';
import { disableEndpoint, FAILING_DISABLES_AFTER_MS, UNFINISHED_DELIVERY } from './endpoint-state';
import { holdTheLine, isOrdered, passTheTurn, turnWaitMs, waitingAhead } from './delivery-turn';

/** A receiver's Retry-After can make a wait longer than the schedule's, up to its longest step. */
export const MAX_RETRY_AFTER_MS = Math.max(...WEBHOOK_RETRY_SCHEDULE_MS);

/** Where the job runner is in the delivery's job: its attempt (1-based) and how many it has. */
export interface DeliveryJob {
  attempts: number;
  maxAttempts: number;
}

/** Test seams: the resolver, the allow-list, a shorter deadline, extra certificate authorities. */
export type DeliveryOptions = Omit<SendWebhookOptions, 'now'>;

export type DeliveryOutcome = 'succeeded' | 'retrying' | 'failed' | 'disabled' | 'cancelled' | 'already-finished' | 'gone';

/** The body every attempt sends, byte for byte: Standard Webhooks' envelope. */
export function envelopeJson(event: Pick<WebhookEvent, 'id' | 'type' | 'createdAt' | 'data'>): string {
  return JSON.stringify({ type: event.type, id: event.id, timestamp: event.createdAt.toISOString(), data: event.data });
}

/** The secrets an attempt at `now` is signed with: the current one, and the previous one while its overlap lasts. */
export function signingSecrets(endpoint: Pick<WebhookEndpoint, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>, now: Date): string[] {
  const overlap = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now;
  return overlap ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}

function describeAnswer(result: WebhookSendResult): string | null {
  if (!result.answered) return result.reason;
  if (result.status >= 200 && result.status <= 299) return null;
  if (result.status >= 300 && result.status <= 399) return `HTTP ${result.status}: a redirect, which webhooks never follow.`;
  return `HTTP ${result.status}.`;
}

/**
 * When to try again after failed attempt `attempt` of a delivery: the schedule's next step, or later if a 429/503 said
 * Retry-After. The step follows the attempts the receiver was sent, so an attempt a killed runner never finished
 * does not stretch the wait (it still counts against the job's eight).
 */
function retryTime(result: WebhookSendResult, attempt: number, now: Date): { at: Date; backoffUntil: Date | null } {
  const scheduled = new Date(now.getTime() + retryDelayFor(WEBHOOK_RETRY_SCHEDULE_MS, attempt));
  const askedFor = result.answered && (result.status === 429 || result.status === 503) ? retryAfterTime(result.retryAfter ?? undefined, now) : null;
  if (!askedFor) return { at: scheduled, backoffUntil: null };
  const capped = new Date(Math.min(askedFor.getTime(), now.getTime() + MAX_RETRY_AFTER_MS));
  return { at: capped > scheduled ? capped : scheduled, backoffUntil: capped };
}

/**
 * The `webhooks.deliver` job: one attempt of one delivery. It signs the event's envelope with the endpoint's secrets
 * (both during a rotation's overlap), sends it through the guarded fetcher, and logs the attempt. A 2xx succeeds; a
 * 410 disables the endpoint at once; anything else is retried on Standard Webhooks' schedule (Retry-After of a 429
 * or 503 also holds back the endpoint's other deliveries), until the last attempt, or until the endpoint has failed for
 * 5 days, which disables it and emails the admins. Resends and tests get one attempt. Returns what became of it;
 * throws RetryJobLater for the runner when there is another attempt to make, or the delivery's turn has not come.
 */
export async function deliverWebhook(deliveryId: string, job: DeliveryJob, clock: () => Date, options: DeliveryOptions = {}): Promise<DeliveryOutcome> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { event: true, endpoint: true } });
  // The endpoint was deleted, or the event pruned, with its deliveries.
  if (!delivery) return 'gone';
  if (!UNFINISHED_DELIVERY.includes(delivery.status)) return 'already-finished';
  const { endpoint, event } = delivery;
  const now = clock();
  if (endpoint.status !== 'active') {
    await db.webhookDelivery.updateMany({
      where: { id: delivery.id, status: delivery.status },
      data: { status: 'cancelled', finishedAt: now, nextAttemptAt: null },
    });
    return 'cancelled';
  }
  if (endpoint.backoffUntil && endpoint.backoffUntil > now) {
    throw new RetryJobLater(`The receiver asked for nothing before ${endpoint.backoffUntil.toISOString()} (Retry-After).`, endpoint.backoffUntil, false);
  }
  if (delivery.status === 'pending' && isOrdered(delivery.trigger)) {
    // Claimed before its turn (its fallback came, or a race): it parks again, for as long as its place in the line says.
    const ahead = await waitingAhead(db, delivery.endpointId, delivery.sequence);
    if (ahead > 0) {
      throw new RetryJobLater(
        `An earlier event to this endpoint has not had its first attempt yet (${ahead} waiting ahead of this one).`,
        new Date(now.getTime() + turnWaitMs(ahead)),
        false,
      );
    }
  }

  const result = await sendWebhook({ url: endpoint.url, id: event.id, body: envelopeJson(event), secrets: signingSecrets(endpoint, now) }, { ...options, now });
  const failure = describeAnswer(result);
  const gone = result.answered && result.status === 410;
  const failingSince = endpoint.failingSince ?? now;
  const failedTooLong = failure !== null && now.getTime() - failingSince.getTime() >= FAILING_DISABLES_AFTER_MS;
  const outOfAttempts = job.attempts >= (isOrdered(delivery.trigger) ? job.maxAttempts : 1);
  const retry = failure !== null && !gone && !failedTooLong && !outOfAttempts ? retryTime(result, delivery.attempts + 1, now) : null;
  // Only a failure may disable the endpoint, so the admins' settings are read only then (before the transaction).
  const settings: MailSettings | null = gone || failedTooLong ? await loadMailSettings(now) : null;

  const firstInLine = delivery.status === 'pending' && isOrdered(delivery.trigger);
  const outcome = await transactionWithJobs(async (tx, jobs): Promise<DeliveryOutcome> => {
    if (firstInLine) await holdTheLine(tx, endpoint.id);
    await tx.webhookDeliveryAttempt.create({
      data: {
        deliveryId: delivery.id,
        number: delivery.attempts + 1,
        startedAt: now,
        durationMs: result.durationMs,
        responseStatus: result.answered ? result.status : null,
        responseBody: result.answered ? result.body : null,
        outcome: failure === null ? 'succeeded' : 'failed',
        error: failure,
      },
    });
    const settled = failure === null ? 'succeeded' : retry ? 'retrying' : 'failed';
    await tx.webhookDelivery.updateMany({
      where: { id: delivery.id, status: delivery.status },
      data: { status: settled, attempts: { increment: 1 }, nextAttemptAt: retry?.at ?? null, finishedAt: retry ? null : now },
    });
    if (firstInLine) await passTheTurn(tx, delivery, now);
    if (failure === null) {
      await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: { not: null } }, data: { failingSince: null } });
      return 'succeeded';
    }
    await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: null }, data: { failingSince: now } });
    if (retry?.backoffUntil) await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id }, data: { backoffUntil: retry.backoffUntil } });
    if (gone || failedTooLong) {
      const reason = gone
        ? `It answered 410 Gone on ${now.toISOString()}: the receiver asked not to be sent anything more.`
        : `It failed every delivery for 5 days (since ${failingSince.toISOString()}).`;
      await disableEndpoint(tx, jobs, { endpoint: { ...endpoint, failingSince }, reason, now, settings: settings! });
      return 'disabled';
    }
    return retry ? 'retrying' : 'failed';
  });
  if (outcome === 'retrying') throw new RetryJobLater(`Attempt ${delivery.attempts + 1} failed: ${failure}`, retry!.at, true);
  return outcome;
}
