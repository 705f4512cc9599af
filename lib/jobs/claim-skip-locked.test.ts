import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { databaseEngine } from '@/lib/db/engine';
import { claimDueJobs, insertJob } from './job-queue';

const T0 = new Date('2026-03-02T15:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

async function enqueueAt(runAt: Date): Promise<string> {
  await db.$transaction((tx) => insertJob(tx, { type: 'diagnostics.noop', payload: {}, runAt }));
  return (await db.job.findFirstOrThrow({ where: { runAt } })).id;
}

beforeEach(async () => {
  await db.job.deleteMany();
});

// SQLite serialises writers, so there is nothing to skip there; the shared contract is tested in job-queue.test.ts.
describe.skipIf(databaseEngine() !== 'postgresql')('claiming on PostgreSQL (FOR UPDATE SKIP LOCKED)', () => {
  it('passes over a row another runner is claiming, without waiting for it, and takes it once it is free', async () => {
    const [oldest, second, third] = [await enqueueAt(at(0)), await enqueueAt(at(1)), await enqueueAt(at(2))];
    let locked!: () => void;
    let release!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    // Another runner in the middle of claiming the oldest job: its row is locked until that transaction ends.
    const otherRunner = db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM "Job" WHERE id = ${oldest} FOR UPDATE`;
        locked();
        await released;
      },
      { timeout: 15_000 },
    );
    await lockTaken;
    const started = Date.now();
    const claimed = await claimDueJobs({ owner: 'b', limit: 10, now: at(5_000), leaseMs: 30_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(claimed.map((job) => job.id)).toEqual([second, third]);
    release();
    await otherRunner;
    const later = await claimDueJobs({ owner: 'c', limit: 10, now: at(5_000), leaseMs: 30_000 });
    expect(later.map((job) => job.id)).toEqual([oldest]);
  });

  it('claims at most the room asked for, oldest first, and an expired lease before the due jobs', async () => {
    const ids = [await enqueueAt(at(0)), await enqueueAt(at(1)), await enqueueAt(at(2))];
    const [first] = await claimDueJobs({ owner: 'dead-runner', limit: 1, now: at(3), leaseMs: 1_000 });
    expect(first!.id).toBe(ids[0]);
    // The dead runner's lease has expired: its job is taken over first, so a backlog of due work cannot starve it.
    const next = await claimDueJobs({ owner: 'b', limit: 2, now: at(2_000), leaseMs: 1_000 });
    expect(next.map((job) => [job.id, job.attempts])).toEqual([
      [ids[0], 2],
      [ids[1], 1],
    ]);
    const rest = await claimDueJobs({ owner: 'b', limit: 5, now: at(2_000), leaseMs: 1_000 });
    expect(rest.map((job) => job.id)).toEqual([ids[2]]);
    expect(await db.job.findUniqueOrThrow({ where: { id: ids[0] } })).toMatchObject({
      status: 'running',
      leaseOwner: 'b',
      leaseExpiresAt: at(3_000),
      lastError: 'The runner working on it stopped before finishing (its lease expired); tried again.',
    });
  });
});
