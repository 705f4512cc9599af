import { db } from '@/lib/db/client';
import { RUNNER_GONE_NOTE } from './claim-kinds';

/*
 * Each job runner's row in JobRunner: written when it starts, beaten while it runs, marked when it stops. The health
 * check reads the beats (lib/domain/system/health-checks.ts); a runner starting on a host hands back the jobs of the
 * runners of that host whose process is gone.
 */

/** How often a runner beats: often enough that three beats fit in the staleness limit below. */
export function heartbeatEveryMs(pollMs: number): number {
  return Math.max(pollMs, 10_000);
}

/** A runner whose last beat is older than this is taken for dead: 3 × JOB_POLL_MS, and at least 30 s. */
export function heartbeatStaleAfterMs(pollMs: number): number {
  return Math.max(3 * pollMs, 30_000);
}

export interface RunnerIdentity {
  id: string;
  host: string;
  pid: number;
}

export async function registerRunner({ id, host, pid }: RunnerIdentity, now: Date): Promise<void> {
  await db.jobRunner.upsert({
    where: { id },
    create: { id, host, pid, startedAt: now, lastBeatAt: now, jobsRunning: 0 },
    update: { lastBeatAt: now, stoppedAt: null },
  });
}

export async function beat(id: string, jobsRunning: number, now: Date): Promise<void> {
  await db.jobRunner.updateMany({ where: { id }, data: { lastBeatAt: now, jobsRunning } });
}

export async function markRunnerStopped(id: string, now: Date): Promise<void> {
  await db.jobRunner.updateMany({ where: { id, stoppedAt: null }, data: { stoppedAt: now, jobsRunning: 0 } });
}

/** Whether a process with this id runs on this host (signal 0 only asks; EPERM means it exists under another user). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Hands back to the queue, at once, the jobs held by runners on `host` whose process no longer exists (killed, or
 * crashed), instead of leaving them until their lease expires, and marks those runners stopped. The interrupted
 * attempt counts, as it would after the lease: a job that kills its runner each time still runs out of attempts.
 * Returns the ids of the jobs handed back.
 */
export async function releaseJobsOfDeadRunners({
  host,
  self,
  now,
  isAlive = processExists,
}: {
  host: string;
  self: string;
  now: Date;
  isAlive?: (pid: number) => boolean;
}): Promise<string[]> {
  const runners = await db.jobRunner.findMany({ where: { host, stoppedAt: null, id: { not: self } }, select: { id: true, pid: true } });
  // A row with this process's own pid is an earlier process that had it: gone, since this one has it now.
  const dead = runners.filter((runner) => runner.pid === process.pid || !isAlive(runner.pid)).map((runner) => runner.id);
  if (dead.length === 0) return [];
  const held = await db.job.findMany({ where: { status: 'running', leaseOwner: { in: dead } }, select: { id: true } });
  const ids = held.map((job) => job.id);
  await db.$transaction([
    db.job.updateMany({
      where: { id: { in: ids }, status: 'running', leaseOwner: { in: dead } },
      data: { status: 'queued', runAt: now, leaseOwner: null, leaseExpiresAt: null, lastError: RUNNER_GONE_NOTE },
    }),
    db.jobRunner.updateMany({ where: { id: { in: dead } }, data: { stoppedAt: now, jobsRunning: 0 } }),
  ]);
  return ids;
}
