import { DateTime } from 'luxon';
import { config } from '@/lib/config';
import type { ConsultantItemData } from '../content/content-bundle';
import { consultantRowData } from '../content/rows/consultant-rows';
import { toSchedule, worksDuring } from '../scheduling/consultant-schedule';
import type { Tx } from './content-type';

export interface BookingConflict {
  bookingId: string;
  name: string;
  email: string;
  start: Date;
  end: Date;
  /** Why the new calendar does not cover it, for people. */
  reason: string;
}

/**
 * The details of a refusal for bookings nobody confirmed: their ids, and each as the editor lists it with a box to tick,
 * since the editor may be showing a change whose conflicts it has not listed yet.
 */
export function conflictDetails(unseen: readonly BookingConflict[]) {
  return {
    bookingIds: unseen.map((conflict) => conflict.bookingId),
    conflicts: unseen.map(({ bookingId, name, start, reason }) => ({ bookingId, name, start: start.toISOString(), reason })),
  };
}

function whyNotCovered(item: ConsultantItemData, start: Date, zone: string): string {
  if (!item.active) return 'the consultant would no longer take bookings';
  const local = DateTime.fromJSDate(start, { zone });
  if (item.holidays.includes(local.toISODate()!)) return 'the day would be a holiday';
  if (!item.workingDays.includes(local.weekday)) return `${local.toFormat('cccc')} would not be a working day`;
  return `outside the working hours ${item.workingHours.start}–${item.workingHours.end}`;
}

/**
 * The confirmed bookings, not yet over, that a consultant's new calendar would no longer cover. A calendar change
 * never cancels them: publishing it asks staff to confirm they have seen these, and the bookings stay confirmed until
 * someone moves or cancels them in Bookings.
 */
export async function calendarConflicts(tx: Tx, consultantId: string, item: ConsultantItemData, now: Date): Promise<BookingConflict[]> {
  const zone = config().FIRM_TIME_ZONE;
  const schedule = toSchedule({ id: consultantId, ...consultantRowData(item) });
  const bookings = await tx.booking.findMany({
    where: { consultantId, status: 'confirmed', scheduledEnd: { gt: now } },
    orderBy: [{ scheduledStart: 'asc' }, { id: 'asc' }],
    select: { id: true, name: true, email: true, scheduledStart: true, scheduledEnd: true },
  });
  return bookings
    .filter((booking) => !item.active || !worksDuring(schedule, booking.scheduledStart, booking.scheduledEnd, zone))
    .map((booking) => ({
      bookingId: booking.id,
      name: booking.name,
      email: booking.email,
      start: booking.scheduledStart,
      end: booking.scheduledEnd,
      reason: whyNotCovered(item, booking.scheduledStart, zone),
    }));
}
