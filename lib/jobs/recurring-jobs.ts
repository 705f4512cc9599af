import { DateTime } from 'luxon';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { insertJob } from './job-queue';
import type { JobType } from './job-types';

/** The start of the period after `now`, on a grid every instance agrees on (multiples of everyMs since the epoch). */
export function nextSlot(now: Date, everyMs: number): Date {
  return new Date((Math.floor(now.getTime() / everyMs) + 1) * everyMs);
}

/**
 * The next Monday 08:00 in `zone` after `now` (wall-clock time, so it stays 08:00 across daylight saving changes):
 * the weekly digest arrives as the firm's week starts.
 */
export function nextMondayMorning(now: Date, zone: string): Date {
  const local = DateTime.fromJSDate(now, { zone });
  let slot = local.startOf('week').set({ hour: 8 });
  if (slot <= local) slot = slot.plus({ weeks: 1 });
  return slot.toJSDate();
}

export interface RecurringJob {
  type: JobType;
  /** When its next run is due, after `now`; the same answer on every instance. */
  nextSlot: (now: Date) => Date;
}

const every = (type: JobType, everyMs: number): RecurringJob => ({ type, nextSlot: (now) => nextSlot(now, everyMs) });

/**
 * Work that repeats. Each period's run is one job with a unique key, so however many runners schedule it, it runs
 * once. A function rather than a constant: some periods come from the configuration.
 */
export function recurringJobs(): readonly RecurringJob[] {
  const { COMMITMENT_CHECK_SECONDS, FIRM_TIME_ZONE } = config();
  return [
    every('checkout.expire-overdue', 60_000),
    every('maintenance.prune', 60 * 60_000),
    every('commitments.watch', COMMITMENT_CHECK_SECONDS * 1000),
    { type: 'commitments.weekly-digest', nextSlot: (now) => nextMondayMorning(now, FIRM_TIME_ZONE) },
  ];
}

/**
 * Makes sure the next run of each recurring job exists (Solid Queue's recurring tasks do the same with a
 * unique (task, run_at) row). Calling it again for the same period changes nothing.
 */
export async function scheduleRecurringJob(type: JobType, slot: Date): Promise<void> {
  await db.$transaction((tx) => insertJob(tx, { type, payload: {}, runAt: slot, uniqueKey: `recurring:${type}:${slot.toISOString()}` }));
}
