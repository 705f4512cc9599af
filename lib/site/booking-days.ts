import { listFreeSlots } from '@/lib/domain/bookings/request-booking';
import type { ShownDays } from './days-in-zone';
import { daysInZone } from './days-in-zone';
import { groupSlotsByDay } from './group-slots-by-day';

/** Enough choice without a wall of buttons: the first days that have free time. */
export const DAYS_SHOWN = 10;

export interface BookingDays extends ShownDays {
  /**
   * Every start the day picker could show in any zone, for the browser to regroup in the visitor's own: the slots of
   * the first 2 × DAYS_SHOWN + 1 days with free time in the zone shown. A day elsewhere overlaps at most two of
   * those, so the visitor's first DAYS_SHOWN days with free time always lie within them.
   */
  starts: string[];
}

/**
 * The day picker and time list of the booking pages: free slots of `durationMinutes` for `category`, grouped by day
 * in `zone` and labelled in it, the chosen day being `day` if it has free time, else the first.
 */
export async function bookingDays({
  durationMinutes,
  category,
  zone,
  day,
  movingBooking,
}: {
  durationMinutes: number;
  category?: string | null;
  zone: string;
  day?: string;
  /** A booking being moved: its own time is not taken by others, but it is not a new time either. */
  movingBooking?: { id: string; start: string };
}): Promise<BookingDays> {
  const slots = await listFreeSlots({ durationMinutes, category, ignoreBookingId: movingBooking?.id });
  const offered = slots.filter((slot) => slot.start !== movingBooking?.start);
  const starts = groupSlotsByDay(offered, zone, 2 * DAYS_SHOWN + 1).flatMap((d) => d.slots.map((slot) => slot.start));
  return { ...daysInZone(starts, zone, day, DAYS_SHOWN), starts };
}
