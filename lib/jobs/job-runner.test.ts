import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { insertJob } from '@/lib/jobs/job-queue';
import { PermanentJobError } from '@/lib/jobs/job-errors';
import { testJobRunner } from '@/test-support/jobs/test-job-runner';
import { manualClock } from '@/test-support/manual-clock';
import type { JobHandlers } from './job-runner';
import { JobRunner } from './job-runner';
import { jobHandlers } from '../domain/jobs/job-handlers';

const enqueueNoop = (runAt: Date, sleepMs?: number) =>
  db.$transaction((tx) => insertJob(tx, { type: 'diagnostics.noop', payload: sleepMs === undefined ? {} : { sleepMs }, runAt }));

function runnerWith(
  noop: JobHandlers['diagnostics.noop'],
  clock: ReturnType<typeof manualClock>,
  extra: Partial<ConstructorParameters<typeof JobRunner>[0]> = {},
) {
  return testJobRunner(clock, { handlers: { ...jobHandlers, 'diagnostics.noop': noop }, ...extra });
}

beforeEach(async () => {
  await db.job.deleteMany();
});

describe('the job runner', () => {
  it('retries a failing job with growing pauses until it succeeds', async () => {
    const clock = manualClock('2026-03-07T12:00:00Z'); // a Saturday: time rules must not care
    await enqueueNoop(clock.now());
    let calls = 0;
    const runner = runnerWith(async () => {
      calls += 1;
      if (calls < 3) throw new Error(`mail server refused (${calls})`);
    }, clock);
    expect(await runner.tick()).toBe(1);
    expect(await db.job.findFirstOrThrow()).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'Error: mail server refused (1)',
      runAt: new Date('2026-03-07T12:00:02.500Z'),
    });
    expect(await runner.tick()).toBe(0); // not due before its backoff
    clock.advance(2_500);
    expect(await runner.tick()).toBe(1);
    expect(await db.job.findFirstOrThrow()).toMatchObject({ status: 'queued', attempts: 2, runAt: new Date('2026-03-07T12:00:07.500Z') });
    clock.advance(5_000);
    expect(await runner.tick()).toBe(1);
    expect(await db.job.findFirstOrThrow()).toMatchObject({ status: 'succeeded', attempts: 3, finishedAt: new Date('2026-03-07T12:00:07.500Z') });
    expect(calls).toBe(3);
  });

  it('lets a job die after its last attempt, keeping the error, and never runs it again', async () => {
    const clock = manualClock('2026-03-09T09:00:00Z');
    await enqueueNoop(clock.now());
    const runner = runnerWith(async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    }, clock);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await runner.tick();
      clock.advance(60 * 60_000);
    }
    expect(await db.job.findFirstOrThrow()).toMatchObject({ status: 'dead', attempts: 3, lastError: 'Error: connect ECONNREFUSED 127.0.0.1:25' });
    expect(await runner.tick()).toBe(0);
  });

  it('does not retry a permanent failure or a payload that does not parse', async () => {
    const clock = manualClock('2026-03-09T09:00:00Z');
    await enqueueNoop(clock.now());
    await db.job.create({ data: { id: 'job_bad', type: 'diagnostics.noop', payload: { sleepMs: 'soon' }, runAt: clock.now(), maxAttempts: 3 } });
    const runner = runnerWith(async () => {
      throw new PermanentJobError('nothing to deliver');
    }, clock);
    expect(await runner.tick()).toBe(2);
    const jobs = await db.job.findMany({ orderBy: { id: 'asc' } });
    expect(jobs.map((job) => [job.status, job.attempts])).toEqual([
      ['dead', 1],
      ['dead', 1],
    ]);
    expect(jobs.find((job) => job.id === 'job_bad')!.lastError).toMatch(/^PermanentJobError: Invalid payload for diagnostics.noop/);
  });

  it('runs jobs started by wake() without waiting for the poll, and at most `concurrency` at once', async () => {
    const clock = manualClock('2026-03-10T10:00:00Z');
    let active = 0;
    let peak = 0;
    const runner = runnerWith(
      async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 30));
        active -= 1;
      },
      clock,
      { pollMs: 60_000 },
    );
    runner.start();
    for (let i = 0; i < 6; i += 1) await enqueueNoop(clock.now());
    runner.wake();
    const deadline = Date.now() + 10_000;
    while ((await db.job.count({ where: { status: 'succeeded' } })) < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await runner.stop();
    expect(await db.job.count({ where: { status: 'succeeded' } })).toBe(6);
    expect(peak).toBe(2);
  });

  it('on stop, finishes what it holds within the grace period and hands back the rest', async () => {
    const clock = manualClock('2026-03-10T10:00:00Z');
    await enqueueNoop(clock.now(), 50);
    await enqueueNoop(clock.now(), 60_000);
    const runner = new JobRunner({
      handlers: jobHandlers,
      owner: 'stopping',
      concurrency: 2,
      pollMs: 20,
      leaseMs: 30_000,
      graceMs: 300,
      recurring: false,
      now: clock.now,
    });
    runner.start();
    const deadline = Date.now() + 5_000;
    while (runner.activeJobIds.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    expect(await runner.stop()).toEqual({ finished: 1, released: 1 });
    expect(Date.now() - started).toBeLessThan(2_000);
    const jobs = await db.job.findMany();
    expect(jobs.map((job) => [job.payload, job.status, job.attempts, job.leaseOwner]).sort()).toEqual(
      [
        [{ sleepMs: 50 }, 'succeeded', 1, null],
        [{ sleepMs: 60_000 }, 'queued', 0, null],
      ].sort(),
    );
  });
});
