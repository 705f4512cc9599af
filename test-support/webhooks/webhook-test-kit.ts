import { db } from '../../lib/db/client';
import { jobHandlers } from '../../lib/domain/jobs/job-handlers';
import type { StaffActor } from '../../lib/domain/staff/roles';
import type { DeliveryOptions } from '../../lib/domain/webhooks/deliver-webhook';
import { deliverWebhook, TURN_WAIT_MS } from '../../lib/domain/webhooks/deliver-webhook';
import { createEndpoint } from '../../lib/domain/webhooks/endpoints';
import type { WebhookEventType } from '../../lib/contract/webhook-events';
import { webhookEvents } from '../../lib/contract/webhook-events';
import { JobRunner } from '../../lib/jobs/job-runner';
import { staffMember } from '../content-workflow-fixtures';
import type { ManualClock } from '../manual-clock';
import type { ReceivedDelivery, WebhookReceiver } from './webhook-receiver';

/** An admin account (the people emailed when an endpoint is disabled). */
export function webhookAdmin(name = 'Ada Admin'): Promise<StaffActor> {
  return staffMember('admin', name);
}

/**
 * An endpoint on the local receiver at `path`, created as an admin creates one (its address checked, a secret made),
 * with the receiver told the secret.
 */
export async function receiverEndpoint(
  actor: StaffActor,
  receiver: WebhookReceiver,
  { path = '/hooks', eventTypes = ['inquiry.created'], now }: { path?: string; eventTypes?: WebhookEventType[]; now: Date },
): Promise<{ id: string; secret: string }> {
  const created = await createEndpoint(
    actor,
    { url: receiver.url(path), description: `receiver ${path}`, eventTypes },
    { allowedHosts: [receiver.server.hostPort] },
    now,
  );
  if (!created.ok) throw new Error(`endpoint refused: ${JSON.stringify(created.errors)}`);
  receiver.setSecrets(path, [created.secret]);
  return { id: created.id, secret: created.secret };
}

/** A job runner on the test's clock whose deliveries may reach the receiver (and whatever else `options` says). */
export function webhookRunner(clock: ManualClock, options: DeliveryOptions, { concurrency = 4 } = {}): JobRunner {
  return new JobRunner({
    handlers: { ...jobHandlers, 'webhooks.deliver': ({ deliveryId }, { job, now }) => deliverWebhook(deliveryId, job, now, options) },
    owner: 'webhook-test-runner',
    concurrency,
    pollMs: 20,
    leaseMs: 60_000,
    graceMs: 1_000,
    recurring: false,
    now: clock.now,
  });
}

/**
 * Runs what is due, round after round, until nothing is due at the clock's time. A delivery that found an earlier one
 * to its endpoint still in flight parked its job (up to TURN_WAIT_MS); the clock is moved on to it, and only for such a
 * first attempt: a retry's time is the test's to reach.
 */
export async function drain(runner: JobRunner, clock: ManualClock, rounds = 500): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    if ((await runner.tick()) > 0) continue;
    const parked = await db.job.findMany({
      where: { status: 'queued', type: 'webhooks.deliver', runAt: { gt: clock.now(), lte: new Date(clock.now().getTime() + TURN_WAIT_MS) } },
      select: { id: true, runAt: true },
      orderBy: { runAt: 'asc' },
    });
    const waitingForTurn = await db.webhookDelivery.findMany({
      where: { status: 'pending', jobId: { in: parked.map((job) => job.id) } },
      select: { jobId: true },
    });
    const next = parked.find((job) => waitingForTurn.some((delivery) => delivery.jobId === job.id));
    if (!next) return;
    clock.set(next.runAt);
  }
  throw new Error('deliveries did not settle');
}

/** Checks a received event's data against its contract schema: valid, and nothing beyond it (parsing strips extras). */
export function publicShapeOf(delivery: ReceivedDelivery): unknown {
  const definition = webhookEvents[delivery.event.type as WebhookEventType];
  if (!definition) throw new Error(`unknown event type ${delivery.event.type}`);
  return definition.data.parse(delivery.event.data);
}
