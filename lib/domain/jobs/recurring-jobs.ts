import { db } from '@/lib/db/client';
import { isUniqueViolation } from '../db-errors';
import { insertJob } from './job-queue';
import type { JobType } from './job-types';

/** Work that repeats. Each period's run is one job with a unique key, so however many runners schedule it, it runs once. */
export const RECURRING_JOBS: readonly { type: JobType; everyMs: number }[] = [
  { type: 'checkout.expire-overdue', everyMs: 60_000 },
  { type: 'maintenance.prune', everyMs: 60 * 60_000 },
];

/** The start of the period after `now`, on a grid every instance agrees on (multiples of everyMs since the epoch). */
export function nextSlot(now: Date, everyMs: number): Date {
  return new Date((Math.floor(now.getTime() / everyMs) + 1) * everyMs);
}

/**
 * Makes sure the next run of each recurring job exists (Solid Queue's recurring tasks do the same with a
 * unique (task, run_at) row). Calling it again for the same period changes nothing.
 */
export async function scheduleRecurringJob(type: JobType, slot: Date): Promise<void> {
  try {
    await db.$transaction((tx) => insertJob(tx, { type, payload: {}, runAt: slot, uniqueKey: `recurring:${type}:${slot.toISOString()}` }));
  } catch (error) {
    // Two runners scheduling the same period at the same instant: Prisma 7's upsert reads before it inserts, so on
    // PostgreSQL the later insert can still meet the other's row. That row is this period's run; the transaction
    // held nothing else, so nothing is lost.
    if (!isUniqueViolation(error)) throw error;
  }
}
