import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { WEBHOOK_EXAMPLES } from '@/lib/contract/webhook-examples';
import { startWebhookReceiver } from '@/test-support/webhooks/webhook-receiver';
import type { WebhookReceiver } from '@/test-support/webhooks/webhook-receiver';
import { receiverEndpoint, webhookAdmin, webhookRunner } from '@/test-support/webhooks/webhook-test-kit';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { recordWebhookEvent } from './record-event';

/** A clock that runs (the runner's polls, leases and turns are real waits here), from a fixed start. */
function runningClock(start: string) {
  const [origin, began] = [Date.parse(start), performance.now()];
  const now = () => new Date(origin + Math.round(performance.now() - began));
  return { now, advance: () => now(), set: () => now() };
}

const clock = runningClock('2026-03-16T09:00:00Z');
let receiver: WebhookReceiver;
beforeAll(async () => (receiver = await startWebhookReceiver({ now: clock.now })));
afterAll(() => receiver.close());

/*
 * The runner as `npm start` runs it (started, not ticked). Before the fix, each waiting delivery handed itself back every
 * 250 ms and woke the runner at once; the database driver answers without I/O, so that loop ran on promises alone and
 * starved the process: the first delivery's HTTP answer never arrived, its lease was never renewed, and this test (its
 * own timers included) hung.
 */
it('delivers a backlog of 200 events to one endpoint in order, with a running runner, without starving itself', async () => {
  await receiverEndpoint(await webhookAdmin(), receiver, { path: '/backlog', eventTypes: ['content.published'], now: clock.now() });
  const ids: string[] = [];
  await transactionWithJobs(async (tx, jobs) => {
    for (let index = 0; index < 200; index += 1)
      ids.push(await recordWebhookEvent(tx, jobs, 'content.published', WEBHOOK_EXAMPLES['content.published'], clock.now()));
  });
  const runner = webhookRunner(clock, { allowedHosts: [receiver.server.hostPort] }, { concurrency: 4 });
  runner.start();
  const deadline = performance.now() + 30_000;
  while (receiver.deliveries.length < ids.length && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  await runner.stop();
  expect(receiver.deliveries.map((delivery) => delivery.id)).toEqual(ids);
  expect(await db.job.groupBy({ by: ['status'], _count: true })).toEqual([{ status: 'succeeded', _count: ids.length }]);
  // Each first attempt was the delivery's only one: none was spent waiting for its turn.
  expect(await db.webhookDelivery.count({ where: { attempts: 1, status: 'succeeded' } })).toBe(ids.length);
}, 60_000);
