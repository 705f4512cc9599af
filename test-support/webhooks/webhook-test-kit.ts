import { db } from '../../lib/db/client';
import { jobHandlers } from '../../lib/domain/jobs/job-handlers';
import type { StaffActor } from '../../lib/domain/staff/roles';
import type { DeliveryOptions } from '../../lib/domain/webhooks/deliver-webhook';
import { deliverWebhook } from '../../lib/domain/webhooks/deliver-webhook';
import { MAX_TURN_WAIT_MS } from '../../lib/domain/webhooks/delivery-turn';
import { createEndpoint } from '../../lib/domain/webhooks/endpoints';
import type { WebhookEventType } from '../../lib/contract/webhook-events';
import { webhookEvents } from '../../lib/contract/webhook-events';
import type { JobRunnerOptions } from '../../lib/jobs/job-runner';
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

/**
 * A job runner on the test's clock whose deliveries may reach the receiver (and whatever else `options` says);
 * `onJobFinished` sees every run (a delivery that handed itself back to wait for its turn included).
 */
export function webhookRunner(
  clock: ManualClock,
  options: DeliveryOptions,
  { concurrency = 4, onJobFinished }: { concurrency?: number; onJobFinished?: JobRunnerOptions['onJobFinished'] } = {},
): JobRunner {
  return new JobRunner({
    handlers: { ...jobHandlers, 'webhooks.deliver': ({ deliveryId }, { job, now }) => deliverWebhook(deliveryId, job, now, options) },
    owner: 'webhook-test-runner',
    concurrency,
    pollMs: 20,
    leaseMs: 60_000,
    graceMs: 1_000,
    recurring: false,
    now: clock.now,
    onJobFinished,
  });
}

/**
 * Runs what is due, round after round, until nothing is due at the clock's time. A delivery waiting for its turn behind
 * earlier ones to its endpoint is parked (30 s for each one ahead, up to MAX_TURN_WAIT_MS); when nothing else is due, the
 * clock is moved on to the earliest such first attempt: a retry's time is the test's to reach.
 */
export async function drain(runner: JobRunner, clock: ManualClock, rounds = 500): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    if ((await runner.tick()) > 0) continue;
    const parked = await db.job.findMany({
      where: { status: 'queued', type: 'webhooks.deliver', runAt: { gt: clock.now(), lte: new Date(clock.now().getTime() + MAX_TURN_WAIT_MS) } },
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
