import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { RUNNER_GONE_NOTE } from '@/lib/jobs/claim-kinds';
import { insertJob } from '@/lib/jobs/job-queue';
import { until } from '@/test-support/eventually';
import { workerProcesses } from '@/test-support/worker-processes';

/**
 * The real worker entry point (`npm run worker`) as child processes on this test file's database: killed with
 * SIGKILL mid-job, stopped with SIGTERM, and two of them racing for the same jobs.
 */
const workers = workerProcesses();
const startWorker = workers.start;

const enqueueNoop = (sleepMs: number) => db.$transaction((tx) => insertJob(tx, { type: 'diagnostics.noop', payload: { sleepMs } }));
const onlyJob = () => db.job.findFirstOrThrow({ where: { type: 'diagnostics.noop' } });

beforeEach(async () => {
  await db.job.deleteMany();
  await db.jobRunner.deleteMany();
});

afterEach(() => workers.stopAll());

describe('the worker process', () => {
  it('hands the job of a worker killed with SIGKILL back as soon as a worker starts on the same host, long before its lease expires', async () => {
    await enqueueNoop(1_000);
    // A lease of a minute: the job must not wait for it.
    const first = startWorker({ JOB_LEASE_MS: '60000' });
    const running = await until(async () => {
      const job = await onlyJob();
      return job.status === 'running' && job.leaseOwner?.includes(`:${first.child.pid}:`) ? job : null;
    }, 'the first worker to start the job');
    first.child.kill('SIGKILL');
    expect((await first.exit).signal).toBe('SIGKILL');

    const second = startWorker({ JOB_LEASE_MS: '60000' });
    const done = await until(async () => {
      const job = await onlyJob();
      return job.status === 'succeeded' ? job : null;
    }, 'the second worker to finish the job');
    expect(done.attempts).toBe(2);
    expect(done.lastError).toBe(RUNNER_GONE_NOTE);
    expect(done.finishedAt!.getTime()).toBeLessThan(running.leaseExpiresAt!.getTime());
    expect(second.output()).toContain('handed back 1 job(s) of a runner on this host whose process is gone');
    expect(second.output()).toContain(`${running.id} diagnostics.noop attempt 2/3 started`);
    // The first runner's row says it stopped; the second one's beats.
    const runners = await db.jobRunner.findMany({ orderBy: { startedAt: 'asc' } });
    expect(runners.map((runner) => [runner.pid, runner.stoppedAt !== null])).toEqual([
      [first.child.pid, true],
      [second.child.pid, false],
    ]);
  }, 60_000);

  it('on SIGTERM stops claiming, finishes the running job and exits 0', async () => {
    await enqueueNoop(1_500);
    const worker = startWorker();
    // The runner's own word, not the row: the row says running as soon as the claim commits, a moment before the
    // runner holds the job (longer on PostgreSQL, where the claim is a round trip to another process).
    await until(async () => worker.output().includes('diagnostics.noop attempt 1/3 started'), 'the job to start');
    await enqueueNoop(0); // arrives after the signal: must wait for the next runner
    worker.child.kill('SIGTERM');
    const started = Date.now();
    expect(await worker.exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(10_000);
    const jobs = await db.job.findMany({ where: { type: 'diagnostics.noop' }, orderBy: { createdAt: 'asc' } });
    expect(jobs.map((job) => job.status)).toEqual(['succeeded', 'queued']);
    // It held the noop job (and, when the test crossed a minute, the recurring job that came due) and finished all.
    const held = Number(/SIGTERM: no new jobs; finishing (\d+) running \(grace 10000 ms\)/.exec(worker.output())?.[1]);
    expect(held).toBeGreaterThanOrEqual(1);
    expect(worker.output()).toContain(`stopped: ${held} finished, 0 handed back`);
  });

  it('past the grace period, hands the running job back to the queue and still exits 0', async () => {
    await enqueueNoop(60_000);
    const worker = startWorker({ JOB_SHUTDOWN_GRACE_MS: '300' });
    await until(async () => (await onlyJob()).status === 'running', 'the job to start');
    const started = Date.now();
    worker.child.kill('SIGTERM');
    expect(await worker.exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await onlyJob()).toMatchObject({ status: 'queued', attempts: 0, leaseOwner: null });
  });

  it('never runs one job twice with two workers claiming at once', async () => {
    const count = 120;
    // Both running before any job exists, so both race for every batch (on a busy machine one could start late).
    const pair = [startWorker(), startWorker()];
    for (const worker of pair) await until(async () => worker.output().includes('runner started'), 'a worker to start');
    await db.$transaction(async (tx) => {
      for (let i = 0; i < count; i += 1) await insertJob(tx, { type: 'diagnostics.noop', payload: { sleepMs: i % 7 } });
    });
    // Only the noop jobs: a recurring job (checkout.expire-overdue) comes due whenever the test crosses a minute.
    const noopsDone = () => db.job.count({ where: { type: 'diagnostics.noop', status: 'succeeded' } });
    await until(async () => (await noopsDone()) === count, 'every job to finish', 60_000);
    const starts = pair.flatMap((worker) => [...worker.output().matchAll(/(job_[\w-]+) diagnostics\.noop attempt \d+\/\d+ started/g)].map((m) => m[1]));
    expect(starts).toHaveLength(count);
    expect(new Set(starts).size).toBe(count);
    // Both took part, or the test proved nothing about concurrency.
    for (const worker of pair) expect(worker.output()).toMatch(/diagnostics\.noop attempt 1\/3 started/);
  }, 90_000);
});
