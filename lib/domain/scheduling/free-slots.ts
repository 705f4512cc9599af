import { DateTime } from 'luxon';
import type { ConsultantSchedule } from './consultant-schedule';
import { canTake, localSpan, worksDuringSpan, type LocalSpan } from './consultant-schedule';
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

interface GridSlot {
  start: Date;
  end: Date;
  span: LocalSpan;
}

/**
 * The slots of one local day: `slotAt(minute)` is the slot starting at that local minute. On a day whose UTC offset
 * does not change (all but two a year) that is arithmetic from the day's start; on the day of a change, luxon works
 * out each one. Asking luxon (Intl, underneath) for every slot of the horizon made /book take most of a second.
 */
function slotsOfDay(day: DateTime, zone: string, durationMinutes: number): (minute: number) => GridSlot {
  const durationMs = durationMinutes * 60_000;
  const midnight = day.startOf('day');
  // Where the clocks change at midnight (Santiago), a day starts at 01:00: no arithmetic from 00:00 then either.
  if (midnight.plus({ days: 1 }).offset !== midnight.offset || midnight.hour !== 0 || midnight.minute !== 0) {
    return (minute) => {
      const start = day.set({ hour: Math.floor(minute / 60), minute: minute % 60 }).toJSDate();
      const end = new Date(start.getTime() + durationMs);
      return { start, end, span: localSpan(start, end, zone) };
    };
  }
  const dayStart = midnight.toMillis();
  const weekday = midnight.weekday;
  const date = midnight.toISODate()!;
  return (minute) => {
    const start = new Date(dayStart + minute * 60_000);
    const span = { sameDay: minute + durationMinutes <= 24 * 60, weekday, date, startMinute: minute, endMinute: minute + durationMinutes };
    return { start, end: new Date(start.getTime() + durationMs), span };
  };
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
    const slotAt = slotsOfDay(day, window.zone, durationMinutes);
    for (let minute = firstMinute; minute + durationMinutes <= lastMinute; minute += SLOT_STEP_MINUTES) {
      const { start, end, span } = slotAt(minute);
      if (!inWindow(start, window)) continue;
      const consultantIds = eligible.filter((c) => worksDuringSpan(c, span) && isFree(c.id, start, end, claimed)).map((c) => c.id);
      if (consultantIds.length > 0) yield { start, end, consultantIds };
    }
    day = day.plus({ days: 1 });
  }
}
