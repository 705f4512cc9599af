import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { manualClock } from '@/test-support/manual-clock';
import { RUNNER_GONE_NOTE } from './claim-kinds';
import { insertJob } from './job-queue';
import { beat, heartbeatEveryMs, heartbeatStaleAfterMs, markRunnerStopped, registerRunner, releaseJobsOfDeadRunners } from './runner-heartbeats';

const T0 = '2026-11-23T09:00:00.000Z'; // a Monday

beforeEach(async () => {
  await db.job.deleteMany();
  await db.jobRunner.deleteMany();
});

/** A job held by `owner` as a runner holds it, with its lease running to `leaseExpiresAt`. */
async function heldJob(owner: string, leaseExpiresAt: Date): Promise<string> {
  const id = await db.$transaction((tx) => insertJob(tx, { type: 'diagnostics.noop', payload: {}, runAt: new Date(T0) }));
  await db.job.update({ where: { id }, data: { status: 'running', leaseOwner: owner, leaseExpiresAt, attempts: 1 } });
  return id;
}

describe('heartbeat timing', () => {
  it.each([
    [100, 10_000, 30_000],
    [500, 10_000, 30_000],
    [10_000, 10_000, 30_000],
    [20_000, 20_000, 60_000],
    [60_000, 60_000, 180_000],
  ])('JOB_POLL_MS %i: a beat every %i ms, silent after %i ms (3 × the poll, at least 30 s; three beats fit in it)', (pollMs, every, stale) => {
    expect(heartbeatEveryMs(pollMs)).toBe(every);
    expect(heartbeatStaleAfterMs(pollMs)).toBe(stale);
  });
});

describe('runner rows', () => {
  it('are written at start, beaten, and marked stopped', async () => {
    const clock = manualClock(T0);
    await registerRunner({ id: 'host-a:100:abc', host: 'host-a', pid: 100 }, clock.now());
    clock.advance(10_000);
    await beat('host-a:100:abc', 3, clock.now());
    expect(await db.jobRunner.findUniqueOrThrow({ where: { id: 'host-a:100:abc' } })).toMatchObject({
      host: 'host-a',
      pid: 100,
      startedAt: new Date(T0),
      lastBeatAt: new Date('2026-11-23T09:00:10.000Z'),
      jobsRunning: 3,
      stoppedAt: null,
    });
    clock.advance(5_000);
    await markRunnerStopped('host-a:100:abc', clock.now());
    expect(await db.jobRunner.findUniqueOrThrow({ where: { id: 'host-a:100:abc' } })).toMatchObject({
      stoppedAt: new Date('2026-11-23T09:00:15.000Z'),
      jobsRunning: 0,
    });
  });
});

describe('releaseJobsOfDeadRunners', () => {
  it('hands back at once the jobs of runners on this host whose process is gone, and leaves the others', async () => {
    const clock = manualClock(T0);
    const lease = new Date('2026-11-23T09:01:00.000Z');
    const runners = [
      { id: 'host-a:101:dead', host: 'host-a', pid: 101 },
      { id: 'host-a:102:alive', host: 'host-a', pid: 102 },
      { id: 'host-b:103:elsewhere', host: 'host-b', pid: 103 },
      { id: 'host-a:104:self', host: 'host-a', pid: 104 },
    ];
    for (const runner of runners) await registerRunner(runner, clock.now());
    const [deadJob, aliveJob, elsewhereJob] = [
      await heldJob('host-a:101:dead', lease),
      await heldJob('host-a:102:alive', lease),
      await heldJob('host-b:103:elsewhere', lease),
    ];
    clock.advance(2_000);

    const released = await releaseJobsOfDeadRunners({ host: 'host-a', self: 'host-a:104:self', now: clock.now(), isAlive: (pid) => pid === 102 });

    expect(released).toEqual([deadJob]);
    expect(await db.job.findUniqueOrThrow({ where: { id: deadJob } })).toMatchObject({
      status: 'queued',
      runAt: new Date('2026-11-23T09:00:02.000Z'),
      leaseOwner: null,
      leaseExpiresAt: null,
      // The interrupted attempt counts, as it would after the lease.
      attempts: 1,
      lastError: RUNNER_GONE_NOTE,
    });
    for (const id of [aliveJob, elsewhereJob])
      expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'running', leaseExpiresAt: lease });
    const stopped = await db.jobRunner.findMany({ where: { stoppedAt: { not: null } }, select: { id: true, stoppedAt: true } });
    expect(stopped).toEqual([{ id: 'host-a:101:dead', stoppedAt: new Date('2026-11-23T09:00:02.000Z') }]);
  });

  it('takes a row with its own pid but another id for an earlier process that had the pid', async () => {
    const clock = manualClock(T0);
    await registerRunner({ id: `host-a:${process.pid}:before`, host: 'host-a', pid: process.pid }, clock.now());
    const job = await heldJob(`host-a:${process.pid}:before`, new Date('2026-11-23T09:01:00.000Z'));
    expect(await releaseJobsOfDeadRunners({ host: 'host-a', self: `host-a:${process.pid}:now`, now: clock.now(), isAlive: () => true })).toEqual([job]);
  });

  it('does nothing when every runner of the host is alive', async () => {
    const clock = manualClock(T0);
    await registerRunner({ id: 'host-a:105:alive', host: 'host-a', pid: 105 }, clock.now());
    await heldJob('host-a:105:alive', new Date('2026-11-23T09:01:00.000Z'));
    expect(await releaseJobsOfDeadRunners({ host: 'host-a', self: 'host-a:106:self', now: clock.now(), isAlive: () => true })).toEqual([]);
  });
});
