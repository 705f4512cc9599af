import { db } from '@/lib/db/client';
import { insertJob } from './job-queue';
import type { JobType } from './job-types';

/** Work that repeats. Each period's run is one job with a unique key, so however many runners schedule it, it runs once. */
export const RECURRING_JOBS: readonly { type: JobType; everyMs: number }[] = [
  { type: 'checkout.expire-overdue', everyMs: 60_000 },
  { type: 'maintenance.prune', everyMs: 60 * 60_000 },
  { type: 'analytics.roll-up', everyMs: 60_000 },
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
  await db.$transaction((tx) => insertJob(tx, { type, payload: {}, runAt: slot, uniqueKey: `recurring:${type}:${slot.toISOString()}` }));
}
