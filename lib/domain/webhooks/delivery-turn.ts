import type { Prisma } from '@/lib/generated/prisma/client';
import { bringQueuedJobForward, runQueuedJobNow } from '../../jobs/job-queue';

type Tx = Prisma.TransactionClient;
type Reader = Pick<Tx, 'webhookDelivery' | 'job'>;

/** Why a delivery exists: a change (event), an endpoint catching up (replay), an admin (resend, test). */
export type DeliveryTrigger = 'event' | 'replay' | 'resend' | 'test';

/** Triggers whose deliveries keep the order of events per endpoint and are retried on the schedule. */
export const ORDERED_TRIGGERS: readonly DeliveryTrigger[] = ['event', 'replay'];

export const isOrdered = (trigger: string) => ORDERED_TRIGGERS.includes(trigger as DeliveryTrigger);

/**
 * How long a delivery waits, per delivery ahead of it in its endpoint's line, before it looks again by itself. The one
 * ahead passes the turn as its first attempt is written (passTheTurn), so this is only the fallback for a delivery
 * ahead whose job died or was cancelled; passTheTurn keeps the one right behind the new holder within this of its
 * turn, so after such a death the line moves on within 30 s.
 */
export const TURN_WAIT_MS = 30_000;
/**
 * The longest fallback. A backlog parks each delivery once, for longer the further back it is, instead of all of them
 * for 30 s: 2,000 waiting deliveries claimed, re-parked and claimed again every 30 s kept the runner so busy that the
 * one whose turn it was never ran. With the cap, what waits longer than an hour is claimed once an hour.
 */
export const MAX_TURN_WAIT_MS = 3_600_000;
const MAX_SLOTS = MAX_TURN_WAIT_MS / TURN_WAIT_MS;
/** How far passTheTurn looks past deliveries whose jobs died or were cancelled for the next one still going out. */
const LOOK_AHEAD = 20;

/** How long a delivery with `ahead` deliveries before it in the line parks: 30 s each, at most an hour. */
export function turnWaitMs(ahead: number): number {
  return Math.min(ahead, MAX_SLOTS) * TURN_WAIT_MS;
}

/**
 * How many deliveries to the endpoint (before `sequence`, or all of them for one being recorded) are still waiting for
 * their first attempt with a job that will make it, counted up to the cap's number. Retries do not wait for anyone, and
 * nobody waits for them. Two indexed reads of at most 120 rows; none past the first when the line is empty.
 */
export async function waitingAhead(tx: Reader, endpointId: string, sequence?: number): Promise<number> {
  const earlier = await tx.webhookDelivery.findMany({
    where: { endpointId, status: 'pending', trigger: { in: [...ORDERED_TRIGGERS] }, ...(sequence === undefined ? {} : { sequence: { lt: sequence } }) },
    select: { jobId: true },
    orderBy: { sequence: 'desc' },
    take: MAX_SLOTS,
  });
  if (earlier.length === 0) return 0;
  return tx.job.count({ where: { id: { in: earlier.map((row) => row.jobId) }, status: { in: ['queued', 'running'] } } });
}

/**
 * Takes the endpoint's row lock for the rest of the transaction, before the line is read: recording a delivery and
 * passing the turn then never run side by side. On PostgreSQL (read committed) a delivery recorded while the one ahead
 * was finishing could otherwise count it as waiting and park, while that one, not seeing the uncommitted delivery,
 * passed the turn to nobody. SQLite serialises writers anyway. Taken first in the transaction, before any delivery row,
 * as pausing an endpoint takes its row before its deliveries', so the two cannot deadlock.
 */
export async function holdTheLine(tx: Tx, endpointId: string): Promise<void> {
  await tx.$executeRaw`UPDATE "WebhookEndpoint" SET id = id WHERE id = ${endpointId}`;
}

/**
 * The first-attempt turn passes to the next delivery of the endpoint still going out (past any whose job died or was
 * cancelled): it goes now. If it is running at this moment (it looked just before this commit), its job is marked so
 * that handing itself back does not park it. The one after it is brought to within TURN_WAIT_MS, the fallback should
 * the new holder's job die. The caller holds the line (holdTheLine) from the start of its transaction.
 */
export async function passTheTurn(tx: Tx, delivery: { endpointId: string; sequence: number }, now: Date): Promise<void> {
  const after = await tx.webhookDelivery.findMany({
    where: { endpointId: delivery.endpointId, sequence: { gt: delivery.sequence }, status: 'pending', trigger: { in: [...ORDERED_TRIGGERS] } },
    select: { jobId: true },
    orderBy: { sequence: 'asc' },
    take: LOOK_AHEAD,
  });
  if (after.length === 0) return;
  const live = await tx.job.findMany({ where: { id: { in: after.map((row) => row.jobId) }, status: { in: ['queued', 'running'] } }, select: { id: true } });
  const liveIds = new Set(live.map((job) => job.id));
  const [next, afterNext] = after.filter((row) => liveIds.has(row.jobId));
  if (next) await runQueuedJobNow(tx, next.jobId, now);
  if (afterNext) await bringQueuedJobForward(tx, afterNext.jobId, new Date(now.getTime() + TURN_WAIT_MS));
}
