import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { WEBHOOK_EXAMPLES } from '@/lib/contract/webhook-examples';
import { manualClock } from '@/test-support/manual-clock';
import type { ManualClock } from '@/test-support/manual-clock';
import { deliveryTestBed } from '@/test-support/webhooks/delivery-test-bed';
import { drain, receiverEndpoint, webhookRunner } from '@/test-support/webhooks/webhook-test-kit';
import { claimDueJobs, cancelQueuedJobs } from '../../jobs/job-queue';
import type { JobOutcome } from '../../jobs/job-runner';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { MAX_TURN_WAIT_MS, TURN_WAIT_MS } from './delivery-turn';
import { recordWebhookEvent } from './record-event';

let clock: ManualClock;
const bed = deliveryTestBed(() => clock.now());
const options = () => ({ allowedHosts: [bed.receiver.server.hostPort] });

/** An endpoint on the receiver at `path` that wants `content.published`. */
const endpointAt = async (path: string) => (await receiverEndpoint(bed.admin, bed.receiver, { path, eventTypes: ['content.published'], now: clock.now() })).id;

/** `count` `content.published` events recorded in one transaction at the clock's time, as a publish of many items does. */
async function recordBacklog(count: number): Promise<string[]> {
  const ids: string[] = [];
  await transactionWithJobs(async (tx, jobs) => {
    for (let index = 0; index < count; index += 1)
      ids.push(await recordWebhookEvent(tx, jobs, 'content.published', WEBHOOK_EXAMPLES['content.published'], clock.now()));
  });
  return ids;
}

/** The endpoint's deliveries in the order recorded, each with its job. */
async function line(endpointId: string) {
  const deliveries = await db.webhookDelivery.findMany({ where: { endpointId }, orderBy: { sequence: 'asc' } });
  const jobs = await db.job.findMany({ where: { id: { in: deliveries.map((delivery) => delivery.jobId) } } });
  return deliveries.map((delivery) => ({ delivery, job: jobs.find((job) => job.id === delivery.jobId)! }));
}

/** When each of the endpoint's delivery jobs is due, in ms from `t0`, in the order the deliveries were recorded. */
async function dueTimes(endpointId: string, t0: number): Promise<number[]> {
  return (await line(endpointId)).map(({ job }) => job.runAt.getTime() - t0);
}

const receivedAt = (path: string) => bed.receiver.deliveries.filter((delivery) => delivery.path === path).map((delivery) => delivery.id);

// One start per day of the week: the turn's waits count elapsed time and must not care which day it is.
const STARTS = [
  '2026-05-04T10:00:00Z', // Monday
  '2026-05-05T23:59:50Z', // Tuesday, the line crossing midnight
  '2026-05-06T05:00:00Z', // Wednesday
  '2026-05-07T16:45:00Z', // Thursday
  '2026-05-08T12:00:00Z', // Friday
  '2026-05-09T09:15:00Z', // Saturday
  '2026-05-10T02:00:00Z', // Sunday
];

describe('a delivery waiting for its turn', () => {
  it('is parked when recorded: 30 s for each delivery ahead of it in its endpoint’s line, at most an hour', async () => {
    clock = manualClock('2026-05-04T10:00:00Z');
    const t0 = clock.now().getTime();
    const [first, second] = [await endpointAt('/first'), await endpointAt('/second')];
    await recordBacklog(123);
    const expected = Array.from({ length: 123 }, (_, ahead) => Math.min(ahead * TURN_WAIT_MS, MAX_TURN_WAIT_MS));
    expect(expected.slice(0, 4)).toEqual([0, 30_000, 60_000, 90_000]);
    expect(expected.slice(119)).toEqual([3_570_000, 3_600_000, 3_600_000, 3_600_000]);
    // Each endpoint has a line of its own.
    expect(await dueTimes(first, t0)).toEqual(expected);
    expect(await dueTimes(second, t0)).toEqual(expected);
  });

  it.each(STARTS)(
    'goes out when the one ahead has had its first attempt: a backlog is claimed once per delivery, in order, without waiting (from %s)',
    async (start) => {
      clock = manualClock(start);
      const t0 = clock.now().getTime();
      await endpointAt('/first');
      await endpointAt('/second');
      const ids = await recordBacklog(40);
      const runs: JobOutcome['status'][] = [];
      await drain(webhookRunner(clock, options(), { concurrency: 4, onJobFinished: (_job, outcome) => runs.push(outcome.status) }), clock);
      expect(receivedAt('/first')).toEqual(ids);
      expect(receivedAt('/second')).toEqual(ids);
      // 80 claims for 80 deliveries: none was claimed before its turn only to park itself (before this rule each of the
      // 78 waiting ones was claimed at once, parked for 30 s, and claimed again when its turn came).
      expect(runs).toEqual(Array.from({ length: 80 }, () => 'succeeded'));
      expect(clock.now().getTime()).toBe(t0);
      const deliveries = await db.webhookDelivery.findMany();
      expect(deliveries.every((delivery) => delivery.status === 'succeeded' && delivery.attempts === 1)).toBe(true);
    },
  );

  it('passing the turn wakes the next at once and brings the one after it to within 30 s; the rest keep their place', async () => {
    clock = manualClock('2026-05-05T08:00:00Z');
    const t0 = clock.now().getTime();
    const endpoint = await endpointAt('/hooks');
    await recordBacklog(5);
    const runner = webhookRunner(clock, options(), { concurrency: 1 });
    expect(await dueTimes(endpoint, t0)).toEqual([0, 30_000, 60_000, 90_000, 120_000]);
    expect(await runner.tick()).toBe(1);
    expect(await dueTimes(endpoint, t0)).toEqual([0, 0, 30_000, 90_000, 120_000]);
    clock.advance(10_000);
    expect(await runner.tick()).toBe(1);
    expect(await dueTimes(endpoint, t0)).toEqual([0, 0, 10_000, 40_000, 120_000]);
    expect((await line(endpoint)).map(({ delivery }) => delivery.status)).toEqual(['succeeded', 'succeeded', 'pending', 'pending', 'pending']);
  });

  it('still goes out when the job of the one ahead died: the next in line looks again after 30 s', async () => {
    clock = manualClock('2026-05-06T14:00:00Z');
    const t0 = clock.now().getTime();
    const endpoint = await endpointAt('/hooks');
    const ids = await recordBacklog(4);
    const [head] = await line(endpoint);
    // Its runner died mid-attempt eight times: the job is dead, the delivery never had a first attempt.
    await db.job.update({ where: { id: head!.job.id }, data: { status: 'dead', attempts: 8 } });
    const runner = webhookRunner(clock, options(), { concurrency: 4 });
    expect(await runner.tick()).toBe(0);
    clock.advance(TURN_WAIT_MS - 1);
    expect(await runner.tick()).toBe(0);
    clock.advance(1);
    expect(await runner.tick()).toBe(1);
    expect(await dueTimes(endpoint, t0)).toEqual([0, 30_000, 30_000, 60_000]);
    await drain(runner, clock);
    expect(receivedAt('/hooks')).toEqual(ids.slice(1));
    expect(clock.now().getTime()).toBe(t0 + TURN_WAIT_MS);
    expect((await line(endpoint)).map(({ delivery }) => delivery.status)).toEqual(['pending', 'succeeded', 'succeeded', 'succeeded']);
  });

  it('passes the turn over a delivery further back whose job was cancelled, at once', async () => {
    clock = manualClock('2026-05-07T09:30:00Z');
    const t0 = clock.now().getTime();
    const endpoint = await endpointAt('/hooks');
    const ids = await recordBacklog(4);
    const [, second] = await line(endpoint);
    await db.$transaction((tx) => cancelQueuedJobs(tx, [second!.job.id], clock.now()));
    await drain(webhookRunner(clock, options(), { concurrency: 4 }), clock);
    expect(receivedAt('/hooks')).toEqual([ids[0], ids[2], ids[3]]);
    expect(clock.now().getTime()).toBe(t0);
  });

  it('loses nothing when a runner dies mid-line and a retry is due: first attempts stay in order, the retry goes when due', async () => {
    clock = manualClock('2026-05-08T17:00:00Z');
    const t0 = clock.now().getTime();
    const endpoint = await endpointAt('/hooks');
    const ids = await recordBacklog(3);
    bed.receiver.answerWith((delivery, count) => (delivery.id === ids[0] && count === 1 ? { status: 500, body: 'overloaded' } : { status: 204 }));
    // The first attempt of the first fails: a retry in 5 s, and the turn passes (retries hold up nobody).
    expect(await webhookRunner(clock, options(), { concurrency: 1 }).tick()).toBe(1);
    expect(await dueTimes(endpoint, t0)).toEqual([5_000, 0, 30_000]);
    // A runner claims the second and dies with it (no heartbeat; its 60 s lease runs out).
    expect((await claimDueJobs({ owner: 'dead-runner', limit: 1, now: clock.now(), leaseMs: 60_000 })).map((job) => job.id)).toEqual([
      (await line(endpoint))[1]!.job.id,
    ]);
    const runner = webhookRunner(clock, options(), { concurrency: 4 });
    clock.advance(5_000);
    expect(await runner.tick()).toBe(1);
    // The third's fallback comes while the second is still held: it parks again, 30 s (one ahead).
    clock.set(new Date(t0 + 30_000));
    expect(await runner.tick()).toBe(1);
    const third = (await line(endpoint))[2]!;
    expect(third.job).toMatchObject({ status: 'queued', attempts: 0, runAt: new Date(t0 + 60_000) });
    expect(third.delivery).toMatchObject({ status: 'pending', attempts: 0 });
    // The lease runs out: the second is taken over and goes, then the third.
    clock.set(new Date(t0 + 60_000));
    await drain(runner, clock);
    expect(receivedAt('/hooks')).toEqual([ids[0], ids[0], ids[1], ids[2]]);
    expect((await line(endpoint)).map(({ delivery }) => [delivery.status, delivery.attempts])).toEqual([
      ['succeeded', 2],
      ['succeeded', 1],
      ['succeeded', 1],
    ]);
  });
});
