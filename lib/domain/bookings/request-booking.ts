import { DateTime } from 'luxon';
import { config } from '@/lib/config';
import type { AvailabilityBody, BookingConfirmationBody, BookingRequestInput } from '@/lib/contract/booking';
import { db } from '@/lib/db/client';
import { cancellationDeadline, manageApiPath, manageUrl } from './booking-policy';
import { newMeetingLink } from './booking-changes';
import { holdFirstFreeTime } from './preferred-times';
import { claimSlot, unlessSlotTaken } from './slot-holding';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { enqueueBookingConfirmed, enqueueBookingRequested } from '../mail/booking-mail';
import { loadMailSettings } from '../mail/mail-settings';
import { bookingDecisionDue } from '../commitments/due-times';
import { openCommitment } from '../commitments/commitment-records';
import { averageResponseTime } from '../commitments/response-time';
import { activeConsultants, firmCalendar } from '../scheduling/firm-calendar';
import type { BookingWindow } from '../scheduling/free-slots';
import { freeSlots } from '../scheduling/free-slots';
import { claimKey } from '../scheduling/slot-claims';
import { newSecretToken } from '../../core/secret-tokens';
import { enqueueBookingWriteBack } from '../calendars/booking-write-back';
import { calendarBusyUnits } from '../calendars/busy-times-check';
import { opaqueId } from '../../core/tokens';
import { countVisitorConversion } from '../analytics/conversions';
import { bookingEventData } from '../webhooks/event-payloads';
import { recordWebhookEvent } from '../webhooks/record-event';

export function bookingWindow(now = new Date()): BookingWindow {
  const { BOOKING_MIN_NOTICE_HOURS, BOOKING_HORIZON_DAYS, FIRM_TIME_ZONE } = config();
  return {
    earliest: new Date(now.getTime() + BOOKING_MIN_NOTICE_HOURS * 3_600_000),
    latest: new Date(now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000),
    zone: FIRM_TIME_ZONE,
  };
}

/** Units held by bookings in the window; a booking being moved does not block its own time. */
async function claimedUnits(window: BookingWindow, ignoreBookingId?: string): Promise<Set<string>> {
  const claims = await db.bookingSlotClaim.findMany({
    where: {
      slotStart: { gte: new Date(window.earliest.getTime() - 86_400_000), lte: new Date(window.latest.getTime() + 86_400_000) },
      ...(ignoreBookingId ? { bookingId: { not: ignoreBookingId } } : {}),
    },
    select: { consultantId: true, slotStart: true },
  });
  // Busy times from the consultants' calendars block like claims do (their own bookings are left out of them).
  return new Set([...claims.map((c) => claimKey(c.consultantId, c.slotStart)), ...(await calendarBusyUnits(window))]);
}

/** A visitor takes a few minutes to fill the form; slots closer than this to the notice limit would expire meanwhile. */
const FORM_FILL_MARGIN_MS = 15 * 60_000;

/** Free slots for the booking pages: real consultant calendars minus confirmed bookings (except `ignoreBookingId`'s own). */
export async function listFreeSlots({
  durationMinutes = 60,
  category,
  ignoreBookingId,
  now = new Date(),
}: { durationMinutes?: number; category?: string | null; ignoreBookingId?: string; now?: Date } = {}) {
  const window = bookingWindow(new Date(now.getTime() + FORM_FILL_MARGIN_MS));
  const [consultants, claimed] = await Promise.all([activeConsultants(), claimedUnits(window, ignoreBookingId)]);
  return [...freeSlots(consultants, claimed, window, durationMinutes, category)].map(({ start, end, consultantIds }) => ({
    start: start.toISOString(),
    end: end.toISOString(),
    consultantCount: consultantIds.length,
  }));
}

export async function getAvailability(now = new Date()): Promise<AvailabilityBody> {
  const window = bookingWindow(now);
  const [consultants, claimed, responseTime] = await Promise.all([activeConsultants(), claimedUnits(window), averageResponseTime(now)]);
  const first = freeSlots(consultants, claimed, window, 60).next();
  const firstDate = first.done
    ? DateTime.fromJSDate(window.latest, { zone: window.zone }).plus({ days: 1 })
    : DateTime.fromJSDate(first.value.start, { zone: window.zone });
  return {
    available: !first.done,
    nextAvailableDate: firstDate.toISODate()!,
    consultantCount: consultants.length,
    averageResponseTime: responseTime,
  };
}

function bookingFields(id: string, request: BookingRequestInput) {
  // 256 bits: the link in every message is the only key to the booking's page.
  const manage = newSecretToken();
  return {
    id,
    manageToken: manage.token,
    manageTokenDigest: manage.digest,
    name: request.name,
    email: request.email,
    phone: request.phone ?? null,
    context: request.context,
    serviceType: request.serviceType ?? null,
    durationMinutes: request.duration ?? 60,
    preferredTimes: request.preferredTimes,
  };
}

/**
 * When staff will have confirmed or declined a pending request: BOOKING_DECISION_BUSINESS_HOURS of the firm's time
 * from now (one working day by default), and before the time the booker asked for. The booker is told this time, and
 * the request's commitment falls due at it.
 */
export async function pendingConfirmationDue(now: Date, requestedStart: Date): Promise<Date> {
  return bookingDecisionDue(now, requestedStart, config().BOOKING_DECISION_BUSINESS_HOURS, firmCalendar(await activeConsultants()));
}

/**
 * Tries the preferred times in order; the first where a consultant with matching expertise is free for the whole
 * duration is confirmed. Otherwise the request is stored as pending for staff to schedule. Either way it is saved,
 * with the message that tells the booker, in one transaction.
 */
export async function requestBooking(request: BookingRequestInput, now = new Date()): Promise<BookingConfirmationBody> {
  const id = opaqueId('bkg');
  const fields = bookingFields(id, request);
  const settings = await loadMailSettings(now);
  const held = await holdFirstFreeTime(
    request.preferredTimes,
    { durationMinutes: fields.durationMinutes, category: request.serviceType, window: bookingWindow(now), now },
    ({ start, end, consultantId }) =>
      unlessSlotTaken(async (tx, jobs) => {
        const booking = await tx.booking.create({
          data: { ...fields, status: 'confirmed', scheduledStart: start, scheduledEnd: end, consultantId, meetingLink: newMeetingLink() },
          include: { consultant: true },
        });
        await claimSlot(tx, id, consultantId, start, end);
        await enqueueBookingConfirmed(tx, jobs, booking, settings);
        await enqueueBookingWriteBack(tx, jobs, booking);
        await recordWebhookEvent(tx, jobs, 'booking.confirmed', bookingEventData(booking, now), now);
      }),
  );
  if (!held) {
    const first = new Date(request.preferredTimes[0]!);
    const confirmBy = await pendingConfirmationDue(now, first);
    await transactionWithJobs(async (tx, jobs) => {
      const booking = await tx.booking.create({
        data: {
          ...fields,
          status: 'pending',
          scheduledStart: first,
          scheduledEnd: new Date(first.getTime() + fields.durationMinutes * 60_000),
          createdAt: now,
        },
        include: { consultant: true },
      });
      await openCommitment(tx, { kind: 'booking-decision', subject: { bookingId: id }, dueAt: confirmBy, now });
      await enqueueBookingRequested(tx, jobs, booking, { confirmBy, settings });
      await recordWebhookEvent(tx, jobs, 'booking.pending', bookingEventData(booking, now), now);
    });
  }
  await countVisitorConversion('booking_requested', {}, now);
  return bookingConfirmation(id);
}

export async function bookingConfirmation(id: string): Promise<BookingConfirmationBody> {
  const booking = await db.booking.findUniqueOrThrow({ where: { id }, include: { consultant: true } });
  return {
    id: booking.id,
    status: booking.status as BookingConfirmationBody['status'],
    scheduledTime: booking.scheduledStart.toISOString(),
    consultantName: booking.consultant?.name ?? null,
    meetingLink: booking.meetingLink,
    confirmationEmail: booking.email,
    cancellationDeadline: cancellationDeadline(booking)?.toISOString() ?? null,
    manageUrl: manageUrl(booking.manageToken),
    manageApiUrl: manageApiPath(booking.manageToken),
  };
}
