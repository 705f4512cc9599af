import { DateTime } from 'luxon';
import type { ConsultantSchedule } from './consultant-schedule';
import { canTake, worksDuring } from './consultant-schedule';
import { claimKey, claimUnits } from './slot-claims';

export interface BookingWindow {
  /** Earliest start (now + minimum notice). */
  earliest: Date;
  /** Latest start (now + horizon). */
  latest: Date;
  zone: string;
}

export interface FreeSlot {
  start: Date;
  end: Date;
  consultantIds: string[];
}

/** Slots start on this grid, in firm-local time. */
export const SLOT_STEP_MINUTES = 30;

export function isFree(consultantId: string, start: Date, end: Date, claimed: ReadonlySet<string>): boolean {
  return claimUnits(start, end).every((unit) => !claimed.has(claimKey(consultantId, unit)));
}

export function inWindow(start: Date, window: BookingWindow): boolean {
  return start >= window.earliest && start <= window.latest;
}

/**
 * Free consultation slots of `durationMinutes` in the window, in time order: each start on the
 * 30-minute grid where at least one consultant who can take `category` works and is not booked.
 */
export function* freeSlots(
  consultants: readonly ConsultantSchedule[],
  claimed: ReadonlySet<string>,
  window: BookingWindow,
  durationMinutes: number,
  category?: string | null,
): Generator<FreeSlot> {
  const eligible = consultants.filter((c) => canTake(c, category));
  if (eligible.length === 0) return;
  const firstMinute = Math.min(...eligible.map((c) => c.startMinute));
  const lastMinute = Math.max(...eligible.map((c) => c.endMinute));
  let day = DateTime.fromJSDate(window.earliest, { zone: window.zone }).startOf('day');
  const lastDay = DateTime.fromJSDate(window.latest, { zone: window.zone }).startOf('day');
  while (day <= lastDay) {
    for (let minute = firstMinute; minute + durationMinutes <= lastMinute; minute += SLOT_STEP_MINUTES) {
      const startTime = day.set({ hour: Math.floor(minute / 60), minute: minute % 60 });
      const start = startTime.toJSDate();
      if (!inWindow(start, window)) continue;
      const end = startTime.plus({ minutes: durationMinutes }).toJSDate();
      const consultantIds = eligible.filter((c) => worksDuring(c, start, end, window.zone) && isFree(c.id, start, end, claimed)).map((c) => c.id);
      if (consultantIds.length > 0) yield { start, end, consultantIds };
    }
    day = day.plus({ days: 1 });
  }
}
