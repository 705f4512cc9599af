import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { PermanentJobError, RetryJobLater } from './job-errors';
import { WEBHOOK_RETRY_SCHEDULE_MS } from './job-types';
import { bringQueuedJobForward, claimDueJobs, completeJob, failJob, insertJob, releaseJobs, runQueuedJobNow } from './job-queue';
import { nextSlot, scheduleRecurringJob } from './recurring-jobs';

const T0 = new Date('2026-03-02T15:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const enqueue = (runAt = T0, uniqueKey?: string) => db.$transaction((tx) => insertJob(tx, { type: 'diagnostics.noop', payload: {}, runAt, uniqueKey }));
const row = async () => db.job.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });

beforeEach(async () => {
  await db.job.deleteMany();
});

describe('the job queue', () => {
  it("stores a job with its definition's attempts, and a unique key only once", async () => {
    await enqueue(T0, 'once');
    await enqueue(T0, 'once');
    const jobs = await db.job.findMany();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ type: 'diagnostics.noop', status: 'queued', attempts: 0, maxAttempts: 3, uniqueKey: 'once', payload: {} });
  });

  it('stores a keyed job as it stores any other, and a key already taken leaves the rest of the transaction standing', async () => {
    const before = new Date();
    await db.$transaction(async (tx) => {
      await insertJob(tx, { type: 'payments.expire-session', payload: { checkoutToken: 'ck_keyed' }, runAt: T0, uniqueKey: 'expire:ck_keyed' });
      await insertJob(tx, { type: 'payments.expire-session', payload: { checkoutToken: 'ck_other' }, runAt: T0, uniqueKey: 'expire:ck_keyed' });
      await insertJob(tx, { type: 'payments.expire-session', payload: { checkoutToken: 'ck_plain' }, runAt: T0 });
    });
    const [keyed, plain] = await db.job.findMany({ orderBy: { uniqueKey: { sort: 'asc', nulls: 'last' } } });
    expect(keyed).toMatchObject({
      type: 'payments.expire-session',
      payload: { checkoutToken: 'ck_keyed' },
      runAt: T0,
      status: 'queued',
      attempts: 0,
      maxAttempts: 8,
    });
    expect(plain).toMatchObject({ payload: { checkoutToken: 'ck_plain' }, runAt: T0, status: 'queued', attempts: 0, maxAttempts: 8, uniqueKey: null });
    // Timestamps to the millisecond, like Prisma's own: the database's CURRENT_TIMESTAMP would drop them on SQLite.
    expect(keyed!.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(keyed!.createdAt.getTime()).toBeLessThanOrEqual(plain!.createdAt.getTime());
    expect(keyed!.updatedAt).toEqual(keyed!.createdAt);
  });

  it('refuses a payload its type does not accept, before anything is written', async () => {
    await expect(db.$transaction((tx) => insertJob(tx, { type: 'payments.expire-session', payload: { checkoutToken: '' } }))).rejects.toThrow();
    expect(await db.job.count()).toBe(0);
  });

  it('claims only what is due, and each job for one runner only', async () => {
    await enqueue(at(0));
    await enqueue(at(60_000));
    const first = await claimDueJobs({ owner: 'a', limit: 10, now: at(1000), leaseMs: 30_000 });
    const second = await claimDueJobs({ owner: 'b', limit: 10, now: at(1000), leaseMs: 30_000 });
    expect(first).toHaveLength(1);
    expect(first[0]!.attempts).toBe(1);
    expect(second).toEqual([]);
    const claimed = await db.job.findUniqueOrThrow({ where: { id: first[0]!.id } });
    expect(claimed).toMatchObject({ status: 'running', leaseOwner: 'a', leaseExpiresAt: at(31_000) });
    // At 60 s the second job is due, and the first one's lease (until 31 s) has run out too.
    const later = await claimDueJobs({ owner: 'b', limit: 10, now: at(60_000), leaseMs: 30_000 });
    expect(later.map((job) => job.attempts).sort()).toEqual([1, 2]);
  });

  it('hands a job whose lease expired to another runner, noting why', async () => {
    await enqueue();
    const [job] = await claimDueJobs({ owner: 'dead-runner', limit: 1, now: T0, leaseMs: 10_000 });
    expect(await claimDueJobs({ owner: 'b', limit: 1, now: at(9_999), leaseMs: 10_000 })).toEqual([]);
    const [taken] = await claimDueJobs({ owner: 'b', limit: 1, now: at(10_000), leaseMs: 10_000 });
    expect(taken!.id).toBe(job!.id);
    expect(taken!.attempts).toBe(2);
    expect(await row()).toMatchObject({ leaseOwner: 'b', lastError: 'The runner working on it stopped before finishing (its lease expired); tried again.' });
    // The first runner's late success does not overwrite the second runner's lease.
    expect(await completeJob(job!.id, 'dead-runner', at(11_000))).toBe(false);
    expect(await completeJob(job!.id, 'b', at(11_000))).toBe(true);
    expect(await row()).toMatchObject({ status: 'succeeded', finishedAt: at(11_000), leaseOwner: null });
  });

  it('retries a failure after the backoff, and keeps the job dead with its last error after the last attempt', async () => {
    await enqueue();
    let now = T0;
    for (const attempt of [1, 2]) {
      const [job] = await claimDueJobs({ owner: 'a', limit: 1, now, leaseMs: 10_000 });
      expect(job!.attempts).toBe(attempt);
      const outcome = await failJob(job!, 'a', new Error(`SMTP down (${attempt})`), now, () => 0.5);
      const expectedDelay = [3_750, 7_500][attempt - 1]!;
      expect(outcome).toEqual({ status: 'queued', retryAt: new Date(now.getTime() + expectedDelay) });
      expect(await claimDueJobs({ owner: 'a', limit: 1, now: new Date(now.getTime() + expectedDelay - 1), leaseMs: 10_000 })).toEqual([]);
      now = new Date(now.getTime() + expectedDelay);
    }
    const [last] = await claimDueJobs({ owner: 'a', limit: 1, now, leaseMs: 10_000 });
    expect(await failJob(last!, 'a', new Error('SMTP down (3)'), now)).toEqual({ status: 'dead' });
    expect(await row()).toMatchObject({ status: 'dead', attempts: 3, lastError: 'Error: SMTP down (3)', finishedAt: now, leaseOwner: null });
    expect(await claimDueJobs({ owner: 'a', limit: 1, now: at(86_400_000), leaseMs: 10_000 })).toEqual([]);
  });

  it('sends a job with a permanent error straight to dead', async () => {
    await enqueue();
    const [job] = await claimDueJobs({ owner: 'a', limit: 1, now: T0, leaseMs: 10_000 });
    expect(await failJob(job!, 'a', new PermanentJobError('The checkout no longer exists.'), T0)).toEqual({ status: 'dead' });
    expect(await row()).toMatchObject({ status: 'dead', attempts: 1, lastError: 'PermanentJobError: The checkout no longer exists.' });
  });

  it("follows its type's own retry schedule, without jitter, to the last attempt", async () => {
    await db.$transaction((tx) => insertJob(tx, { type: 'webhooks.deliver', payload: { deliveryId: 'whd_schedule' }, runAt: T0 }));
    let now = T0;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const [job] = await claimDueJobs({ owner: 'a', limit: 1, now, leaseMs: 10_000 });
      expect(job).toMatchObject({ type: 'webhooks.deliver', attempts: attempt, maxAttempts: 8 });
      const outcome = await failJob(job!, 'a', new Error('receiver answered 500'), now, () => 0.99);
      if (outcome.status === 'dead') break;
      waits.push(outcome.retryAt.getTime() - now.getTime());
      now = outcome.retryAt;
    }
    expect(waits).toEqual([...WEBHOOK_RETRY_SCHEDULE_MS]);
    expect(waits.map((ms) => ms / 1000)).toEqual([5, 300, 1_800, 7_200, 18_000, 36_000, 36_000]);
    expect(await row()).toMatchObject({ status: 'dead', attempts: 8 });
  });

  it('retries at the time a handler chooses, counted as an attempt, and dead after the last one all the same', async () => {
    await enqueue();
    const [job] = await claimDueJobs({ owner: 'a', limit: 1, now: T0, leaseMs: 10_000 });
    expect(await failJob(job!, 'a', new RetryJobLater('receiver said Retry-After: 3600', at(3_600_000), true), T0)).toEqual({
      status: 'queued',
      retryAt: at(3_600_000),
    });
    expect(await row()).toMatchObject({ status: 'queued', attempts: 1, runAt: at(3_600_000), lastError: 'RetryJobLater: receiver said Retry-After: 3600' });
    await db.job.updateMany({ data: { attempts: 2 } });
    const [last] = await claimDueJobs({ owner: 'a', limit: 1, now: at(3_600_000), leaseMs: 10_000 });
    expect(await failJob(last!, 'a', new RetryJobLater('again', at(7_200_000), true), at(3_600_000))).toEqual({ status: 'dead' });
  });

  it('hands a job back without counting it when the handler says its turn has not come', async () => {
    await enqueue();
    for (let round = 0; round < 5; round += 1) {
      const [job] = await claimDueJobs({ owner: 'a', limit: 1, now: at(round * 100), leaseMs: 10_000 });
      expect(job!.attempts).toBe(1);
      expect(await failJob(job!, 'a', new RetryJobLater('waiting for an earlier delivery', at(round * 100 + 100), false), at(round * 100))).toEqual({
        status: 'queued',
        retryAt: at(round * 100 + 100),
      });
    }
    expect(await row()).toMatchObject({ status: 'queued', attempts: 0, runAt: at(500), leaseOwner: null });
  });

  it('does not park a job whose turn was passed to it while it was deciding to wait', async () => {
    const id = await enqueue();
    const [job] = await claimDueJobs({ owner: 'a', limit: 1, now: at(100), leaseMs: 10_000 });
    // The earlier job finishes and brings this one forward while it runs: its wait is over before it began.
    expect(await db.$transaction((tx) => runQueuedJobNow(tx, id, at(150)))).toBe(true);
    expect(await failJob(job!, 'a', new RetryJobLater('waiting for an earlier delivery', at(30_100), false), at(200))).toEqual({
      status: 'queued',
      retryAt: at(200),
    });
    expect(await row()).toMatchObject({ status: 'queued', attempts: 0, runAt: at(200) });
    // A parked job is brought forward to the moment of the turn.
    const [again] = await claimDueJobs({ owner: 'a', limit: 1, now: at(300), leaseMs: 10_000 });
    await failJob(again!, 'a', new RetryJobLater('waiting for an earlier delivery', at(30_300), false), at(300));
    expect(await row()).toMatchObject({ status: 'queued', runAt: at(30_300) });
    expect(await db.$transaction((tx) => runQueuedJobNow(tx, id, at(400)))).toBe(true);
    expect(await row()).toMatchObject({ status: 'queued', runAt: at(400) });
  });

  it('brings a queued job forward to a time, never back, and leaves a running or finished one alone', async () => {
    const id = await enqueue(at(60_000));
    expect(await db.$transaction((tx) => bringQueuedJobForward(tx, id, at(30_000)))).toBe(true);
    expect(await row()).toMatchObject({ status: 'queued', runAt: at(30_000) });
    expect(await db.$transaction((tx) => bringQueuedJobForward(tx, id, at(45_000)))).toBe(false);
    expect(await db.$transaction((tx) => bringQueuedJobForward(tx, id, at(30_000)))).toBe(false);
    expect(await row()).toMatchObject({ runAt: at(30_000) });
    const [job] = await claimDueJobs({ owner: 'a', limit: 1, now: at(30_000), leaseMs: 10_000 });
    expect(await db.$transaction((tx) => bringQueuedJobForward(tx, id, at(1_000)))).toBe(false);
    expect(await row()).toMatchObject({ status: 'running', runAt: at(30_000) });
    await completeJob(job!.id, 'a', at(31_000));
    expect(await db.$transaction((tx) => bringQueuedJobForward(tx, id, at(1_000)))).toBe(false);
    expect(await row()).toMatchObject({ status: 'succeeded', runAt: at(30_000) });
  });

  it('takes over a job whose lease expired before due work, however much of it there is', async () => {
    const stalled = await enqueue();
    await claimDueJobs({ owner: 'a', limit: 1, now: T0, leaseMs: 10_000 });
    for (let index = 0; index < 3; index += 1) await enqueue(at(5_000));
    const claimed = await claimDueJobs({ owner: 'b', limit: 1, now: at(10_000), leaseMs: 10_000 });
    expect(claimed.map((job) => job.id)).toEqual([stalled]);
    expect(await db.job.findUniqueOrThrow({ where: { id: stalled } })).toMatchObject({ status: 'running', leaseOwner: 'b', attempts: 2 });
  });

  it('releases held jobs without counting the interrupted attempt', async () => {
    await enqueue();
    const [job] = await claimDueJobs({ owner: 'a', limit: 1, now: T0, leaseMs: 10_000 });
    expect(await releaseJobs('a', [job!.id], at(500))).toBe(1);
    expect(await row()).toMatchObject({ status: 'queued', attempts: 0, runAt: at(500), leaseOwner: null });
  });

  it('schedules each period of a recurring job once, however many runners ask', async () => {
    expect(nextSlot(new Date('2026-03-02T15:00:59.999Z'), 60_000)).toEqual(new Date('2026-03-02T15:01:00.000Z'));
    expect(nextSlot(new Date('2026-03-02T15:01:00.000Z'), 60_000)).toEqual(new Date('2026-03-02T15:02:00.000Z'));
    const slot = nextSlot(T0, 60_000);
    // Eight at once, for ten periods: with a read-then-insert, PostgreSQL let some of them meet another's row at insert
    // time and fail with a unique violation.
    const slots = Array.from({ length: 10 }, (_, period) => new Date(slot.getTime() + period * 60_000));
    for (const each of slots) await Promise.all(Array.from({ length: 8 }, () => scheduleRecurringJob('checkout.expire-overdue', each)));
    const jobs = await db.job.findMany({ orderBy: { runAt: 'asc' } });
    expect(jobs.map((job) => [job.type, job.runAt, job.uniqueKey])).toEqual(
      slots.map((each) => ['checkout.expire-overdue', each, `recurring:checkout.expire-overdue:${each.toISOString()}`]),
    );
    expect(jobs[0]!.uniqueKey).toBe('recurring:checkout.expire-overdue:2026-03-02T15:01:00.000Z');
  });
});
