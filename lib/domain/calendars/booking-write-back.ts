import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { bookingEventIcs } from '../../calendars/booking-event';
import type { CaldavAccess } from '../../calendars/caldav-client';
import { deleteEvent, eventEtag, putEvent } from '../../calendars/caldav-client';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { bookingEventInput } from './booking-event-input';
import { caldavAccess } from './calendar-access';

/*
 * Bookings written back into the consultant's chosen CalDAV calendar. One job type reconciles the calendar with the
 * booking as it is when the job runs: a confirmed booking is created (If-None-Match: *) or updated with the ETag it
 * was last written with; a cancelled one, or one moved to another consultant, is deleted. So a retry, or jobs of two
 * quick changes running in either order, leave the calendar as the booking is.
 */

type Tx = Prisma.TransactionClient;

/**
 * Queues the write-back of a booking that was just confirmed, moved or cancelled, in the transaction of that change,
 * when its consultant has a booking calendar or an event was written for it before.
 */
export async function enqueueBookingWriteBack(tx: Tx, jobs: JobEnqueuer, booking: { id: string; consultantId: string | null }): Promise<void> {
  const [target, written] = await Promise.all([
    booking.consultantId ? tx.calendarConnection.count({ where: { consultantId: booking.consultantId, bookingCalendarUrl: { not: null } } }) : 0,
    tx.bookingCalendarEvent.count({ where: { bookingId: booking.id } }),
  ]);
  if (target + written > 0) await jobs.enqueue({ type: 'calendars.write-booking', payload: { bookingId: booking.id } });
}

/** Writes `ics` at `href`, at the stored ETag; when someone changed the event meanwhile, over their change (the booking decides). */
async function writeEvent(access: CaldavAccess, href: string, ics: string, etag: string | null): Promise<string | null> {
  const first = await putEvent(access, href, ics, etag);
  if (first !== 'changed') return first.etag;
  const current = await eventEtag(access, href);
  const second = await putEvent(access, href, ics, current === 'gone' ? null : current);
  if (second === 'changed') throw new Error('The booking event changed again while it was being written; the job will retry.');
  return second.etag;
}

async function removeEvent(access: CaldavAccess, href: string, etag: string | null): Promise<void> {
  if ((await deleteEvent(access, href, etag)) === 'deleted') return;
  const current = await eventEtag(access, href);
  if (current !== 'gone' && (await deleteEvent(access, href, current)) === 'changed')
    throw new Error('The booking event changed while it was being deleted; the job will retry.');
}

export type WriteBackOutcome = 'written' | 'unchanged' | 'deleted' | 'nothing-to-do';

/** The `calendars.write-booking` job: makes the consultant's booking calendar show `bookingId` as it is now. */
export async function writeBookingToCalendar(bookingId: string, now: Date): Promise<WriteBackOutcome> {
  const booking = await db.booking.findUnique({ where: { id: bookingId }, include: { consultant: true } });
  const written = await db.bookingCalendarEvent.findUnique({ where: { bookingId } });
  const target =
    booking?.status === 'confirmed' && booking.consultantId
      ? await db.calendarConnection.findFirst({
          where: { consultantId: booking.consultantId, kind: 'caldav', bookingCalendarUrl: { not: null } },
          orderBy: { createdAt: 'asc' },
        })
      : null;
  let outcome: WriteBackOutcome = 'nothing-to-do';

  if (written && written.connectionId !== target?.id) {
    const previous = await db.calendarConnection.findUnique({ where: { id: written.connectionId } });
    // A disconnected calendar is no longer ours to write to; the event stays where it is.
    if (previous) await removeEvent(caldavAccess(previous), written.href, written.etag);
    await db.bookingCalendarEvent.delete({ where: { bookingId } });
    outcome = 'deleted';
  }
  if (!booking || !target) return outcome;

  const current = written?.connectionId === target.id ? written : null;
  if (current && current.sequence === booking.calendarSequence) return 'unchanged';
  const href = current?.href ?? new URL(`${encodeURIComponent(booking.id)}.ics`, target.bookingCalendarUrl!.replace(/\/?$/, '/')).href;
  const etag = await writeEvent(caldavAccess(target), href, bookingEventIcs(bookingEventInput(booking, booking.consultant!, now)), current?.etag ?? null);
  const data = { connectionId: target.id, href, etag, sequence: booking.calendarSequence, updatedAt: now };
  await db.bookingCalendarEvent.upsert({ where: { bookingId }, create: { bookingId, ...data }, update: data });
  return 'written';
}
