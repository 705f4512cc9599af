import { db } from '@/lib/db/client';
import { databaseEngine } from '@/lib/db/engine';
import { Prisma, type Job } from '@/lib/generated/prisma/client';
import { activeTraceParent } from '@/lib/observability/trace-context.mjs';
import { opaqueId } from '../core/tokens';
import type { ClaimKind, LeaseRequest } from './claim-kinds';
import { ABANDONED_NOTE } from './claim-kinds';
import { claimSkippingLocked } from './claim-skip-locked';
import { describeJobError, PermanentJobError, RetryJobLater } from './job-errors';
import type { JobDefinition, JobPayload, JobType } from './job-types';
import { isJobType, JOB_DEFINITIONS } from './job-types';
import { retryDelayFor } from './retry-backoff';

type Tx = Prisma.TransactionClient;

export interface JobSpec<T extends JobType = JobType> {
  type: T;
  payload: JobPayload<T>;
  /** Not before this time; default now. */
  runAt?: Date;
  /** At most one job with this key ever exists; enqueueing it again does nothing. */
  uniqueKey?: string;
}

/** A new job's row, before defaults (status, attempts) and timestamps. */
interface NewJob {
  id: string;
  type: JobType;
  payload: Prisma.InputJsonValue;
  runAt: Date;
  maxAttempts: number;
  traceContext: string | null;
}

/**
 * Writes a job in the caller's transaction, so it exists exactly when the record it belongs to does, and returns its
 * id (with a `uniqueKey` that already exists, the id of a job that was not written).
 * Use `transactionWithJobs` (job-transaction.ts) to also wake the runner once the transaction commits.
 */
export async function insertJob<T extends JobType>(tx: Tx, spec: JobSpec<T>): Promise<string> {
  const definition = JOB_DEFINITIONS[spec.type];
  const data: NewJob = {
    id: opaqueId('job'),
    type: spec.type,
    payload: definition.payload.parse(spec.payload) as Prisma.InputJsonValue,
    runAt: spec.runAt ?? new Date(),
    maxAttempts: definition.maxAttempts,
    // The job's run continues the trace of the work that enqueued it (null when tracing is off).
    traceContext: activeTraceParent(),
  };
  if (!spec.uniqueKey) {
    await tx.job.create({ data });
    return data.id;
  }
  await insertUnlessKeyExists(tx, data, spec.uniqueKey);
  return data.id;
}

/**
 * Brings a job forward to run now (its turn came before the time it was given). A queued job's time moves to now; a
 * running one gets now as its time too, which tells its runner, if the run ends by handing the job back to wait
 * (RetryJobLater without counting), that the wait is already over (failJob). A finished job is left alone.
 * Returns whether it moved.
 */
export async function runQueuedJobNow(tx: Pick<Tx, 'job'>, id: string, now: Date): Promise<boolean> {
  if (await bringQueuedJobForward(tx, id, now)) return true;
  const running = await tx.job.updateMany({ where: { id, status: 'running', runAt: { lt: now } }, data: { runAt: now } });
  return running.count === 1;
}

/** Moves a queued job's time to `at` if it was later (a job parked longer than it now needs to wait). Returns whether it moved. */
export async function bringQueuedJobForward(tx: Pick<Tx, 'job'>, id: string, at: Date): Promise<boolean> {
  const { count } = await tx.job.updateMany({ where: { id, status: 'queued', runAt: { gt: at } }, data: { runAt: at } });
  return count === 1;
}

/**
 * One INSERT … ON CONFLICT DO NOTHING, on both engines: a job with this key already there (or being inserted by another
 * transaction at this instant) leaves this one out, and nothing fails. Prisma 7's upsert reads, then inserts, so two
 * runners scheduling one recurring period at once met a unique violation on PostgreSQL, which also aborts the caller's
 * whole transaction there. Raw SQL because Prisma's `createMany({ skipDuplicates })` has no SQLite form.
 */
async function insertUnlessKeyExists(tx: Tx, data: NewJob, uniqueKey: string): Promise<void> {
  const json = JSON.stringify(data.payload);
  // PostgreSQL's column is jsonb and takes no text parameter uncast; SQLite keeps JSON as text.
  const payload = databaseEngine() === 'postgresql' ? Prisma.sql`CAST(${json} AS jsonb)` : Prisma.sql`${json}`;
  const now = new Date();
  await tx.$executeRaw`
    INSERT INTO "Job" (id, type, payload, "runAt", "maxAttempts", "uniqueKey", "traceContext", "createdAt", "updatedAt")
    VALUES (${data.id}, ${data.type}, ${payload}, ${data.runAt}, ${data.maxAttempts}, ${uniqueKey}, ${data.traceContext}, ${now}, ${now})
    ON CONFLICT ("uniqueKey") DO NOTHING`;
}

export type ClaimedJob = Pick<Job, 'id' | 'type' | 'payload' | 'attempts' | 'maxAttempts' | 'runAt' | 'createdAt' | 'traceContext'>;

const CLAIMED_FIELDS = { id: true, type: true, payload: true, attempts: true, maxAttempts: true, runAt: true, createdAt: true, traceContext: true } as const;

interface ClaimRequest {
  owner: string;
  limit: number;
  now: Date;
  leaseMs: number;
}

/**
 * Claims up to `limit` jobs for `owner`: running jobs whose lease expired (their runner died or stalled) first, then
 * queued jobs whose time has come, oldest first. Two runners can never both win one job: on SQLite each claim is a
 * conditional update (writes are serialised); on PostgreSQL rows are picked FOR UPDATE SKIP LOCKED.
 */
export async function claimDueJobs({ owner, limit, now, leaseMs }: ClaimRequest): Promise<ClaimedJob[]> {
  if (limit <= 0) return [];
  const claim = databaseEngine() === 'postgresql' ? claimSkippingLocked : claimByConditionalUpdate;
  const leaseExpiresAt = new Date(now.getTime() + leaseMs);
  const claimed: string[] = [];
  // Abandoned jobs first: they have waited a whole lease already, and a queue that always has due work (a backlog
  // handing itself back) would otherwise never reach them.
  for (const kind of ['abandoned', 'due'] as const) {
    const room = limit - claimed.length;
    if (room <= 0) break;
    claimed.push(...(await claim(kind, { owner, now, leaseExpiresAt, room })));
  }
  if (claimed.length === 0) return [];
  return db.job.findMany({ where: { id: { in: claimed } }, select: CLAIMED_FIELDS, orderBy: { runAt: 'asc' } });
}

/** SQLite's claim: candidates first, then one conditional update per candidate that only succeeds while it is claimable. */
async function claimByConditionalUpdate(kind: ClaimKind, { owner, now, leaseExpiresAt, room }: LeaseRequest): Promise<string[]> {
  const lease = { status: 'running', leaseOwner: owner, leaseExpiresAt, attempts: { increment: 1 } } as const;
  const [condition, order, data] =
    kind === 'due'
      ? ([{ status: 'queued', runAt: { lte: now } }, { runAt: 'asc' }, lease] as const)
      : ([{ status: 'running', leaseExpiresAt: { lte: now } }, { leaseExpiresAt: 'asc' }, { ...lease, lastError: ABANDONED_NOTE }] as const);
  const candidates = await db.job.findMany({ where: condition, orderBy: [order, { id: 'asc' }], take: room, select: { id: true } });
  const claimed: string[] = [];
  for (const { id } of candidates) {
    const { count } = await db.job.updateMany({ where: { id, ...condition }, data });
    if (count === 1) claimed.push(id);
  }
  return claimed;
}

/**
 * Claims one queued job by id for `owner`, whatever its due time: for work that must not wait for a runner (an alert
 * sent by the instance that noticed the problem). False when a runner (or anyone) holds it already.
 */
export async function claimJob(id: string, owner: string, now: Date, leaseMs: number): Promise<ClaimedJob | null> {
  const { count } = await db.job.updateMany({
    where: { id, status: 'queued' },
    data: { status: 'running', leaseOwner: owner, leaseExpiresAt: new Date(now.getTime() + leaseMs), attempts: { increment: 1 } },
  });
  return count === 1 ? db.job.findUnique({ where: { id }, select: CLAIMED_FIELDS }) : null;
}

/** Keeps the jobs `owner` is still working on from being taken over. */
export async function renewLeases(owner: string, ids: string[], until: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.job.updateMany({ where: { id: { in: ids }, leaseOwner: owner, status: 'running' }, data: { leaseExpiresAt: until } });
}

/** Records success; false when the lease had already passed to another runner (this run's work still stands). */
export async function completeJob(id: string, owner: string, now: Date): Promise<boolean> {
  const { count } = await db.job.updateMany({
    where: { id, leaseOwner: owner, status: 'running' },
    data: { status: 'succeeded', finishedAt: now, leaseOwner: null, leaseExpiresAt: null },
  });
  return count === 1;
}

export type FailureOutcome = { status: 'queued'; retryAt: Date } | { status: 'dead' };

/** The type's own retry schedule, if it has one. */
function scheduleOf(type: string): readonly number[] | undefined {
  return isJobType(type) ? (JOB_DEFINITIONS[type] as JobDefinition).retryScheduleMs : undefined;
}

/**
 * Records a failed attempt: retried after its type's schedule (or the backoff) while attempts remain, else dead with
 * its last error. A handler's RetryJobLater sets the time itself, and may hand the job back without counting it.
 */
export async function failJob(
  job: Pick<ClaimedJob, 'id' | 'type' | 'attempts' | 'maxAttempts' | 'runAt'>,
  owner: string,
  error: unknown,
  now: Date,
  random: () => number = Math.random,
): Promise<FailureOutcome> {
  const lastError = describeJobError(error);
  const where = { id: job.id, leaseOwner: owner, status: 'running' };
  const released = { leaseOwner: null, leaseExpiresAt: null, lastError };
  if (error instanceof RetryJobLater && !error.countsAsAttempt) {
    const handBack = { ...released, status: 'queued', attempts: { decrement: 1 } } as const;
    // Its time still the one it was claimed with: nobody brought it forward meanwhile (runQueuedJobNow), so it waits.
    const waits = await db.job.updateMany({ where: { ...where, runAt: job.runAt }, data: { ...handBack, runAt: error.retryAt } });
    if (waits.count === 1) return { status: 'queued', retryAt: error.retryAt };
    await db.job.updateMany({ where, data: { ...handBack, runAt: now } });
    return { status: 'queued', retryAt: now };
  }
  if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
    // A job that dies again is news again, whatever an admin had seen of it before.
    await db.job.updateMany({ where, data: { ...released, status: 'dead', finishedAt: now, acknowledgedAt: null } });
    return { status: 'dead' };
  }
  const retryAt = error instanceof RetryJobLater ? error.retryAt : new Date(now.getTime() + retryDelayFor(scheduleOf(job.type), job.attempts, random));
  await db.job.updateMany({ where, data: { ...released, status: 'queued', runAt: retryAt } });
  return { status: 'queued', retryAt };
}

/**
 * Hands jobs back to the queue without counting the interrupted attempt (a runner shutting down after its
 * grace period), so another runner can start them at once instead of waiting for the lease to expire.
 */
export async function releaseJobs(owner: string, ids: string[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const { count } = await db.job.updateMany({
    where: { id: { in: ids }, leaseOwner: owner, status: 'running' },
    data: { status: 'queued', runAt: now, leaseOwner: null, leaseExpiresAt: null, attempts: { decrement: 1 } },
  });
  return count;
}

/** Cancels queued jobs whose work no longer exists (a job already running or finished is left alone). */
export async function cancelQueuedJobs(tx: Pick<Tx, 'job'>, ids: string[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const { count } = await tx.job.updateMany({ where: { id: { in: ids }, status: 'queued' }, data: { status: 'cancelled', finishedAt: now } });
  return count;
}
