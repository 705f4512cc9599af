import { listFreeSlots } from '@/lib/domain/bookings/request-booking';
import type { SlotDay } from './slot-days';
import { groupSlotsByDay, timeInZone } from './slot-days';

/** Enough choice without a wall of buttons: the first days that have free time. */
export const DAYS_SHOWN = 10;

export interface BookingDays {
  days: Array<SlotDay<{ start: string }>>;
  /** The day whose times are shown: the one asked for in the address, else the first with free time. */
  chosen: SlotDay<{ start: string; label: string }> | undefined;
}

/**
 * The day picker and time list of the booking pages: free slots of `durationMinutes` for `category`, grouped by day
 * in `zone` and labelled in it.
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
  const offered = slots.filter((slot) => slot.start !== movingBooking?.start).map((slot) => ({ start: slot.start }));
  const days = groupSlotsByDay(offered, zone, DAYS_SHOWN);
  const chosen = days.find((d) => d.date === day) ?? days[0];
  // Only the chosen day's times are shown: labelling (a zone name each) every slot of the horizon cost /book a tenth of a second.
  return { days, chosen: chosen && { ...chosen, slots: chosen.slots.map((slot) => ({ start: slot.start, label: timeInZone(slot.start, zone) })) } };
}

/** The page's address with `day` and the zone kept, for the day links. */
export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
