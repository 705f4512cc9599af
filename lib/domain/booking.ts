import { DateTime } from 'luxon';
import { config } from '@/lib/config';
import type { AvailabilityBody, BookingConfirmationBody, BookingRequestInput } from '@/lib/contract/booking';
import { db } from '@/lib/db/client';
import { isUniqueViolation } from './db-errors';
import type { ConsultantSchedule } from './scheduling/consultant-schedule';
import { canTake, worksDuring } from './scheduling/consultant-schedule';
import { activeConsultants } from './scheduling/firm-calendar';
import type { BookingWindow } from './scheduling/free-slots';
import { freeSlots, inWindow } from './scheduling/free-slots';
import { claimKey, claimUnits } from './scheduling/slot-claims';
import { opaqueId, randomToken } from './tokens';

/** Visitors may cancel up to this long before the meeting. */
const CANCELLATION_NOTICE_HOURS = 24;

export function bookingWindow(now = new Date()): BookingWindow {
  const { BOOKING_MIN_NOTICE_HOURS, BOOKING_HORIZON_DAYS, FIRM_TIME_ZONE } = config();
  return {
    earliest: new Date(now.getTime() + BOOKING_MIN_NOTICE_HOURS * 3_600_000),
    latest: new Date(now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000),
    zone: FIRM_TIME_ZONE,
  };
}

async function claimedUnits(window: BookingWindow): Promise<Set<string>> {
  const claims = await db.bookingSlotClaim.findMany({
    where: { slotStart: { gte: new Date(window.earliest.getTime() - 86_400_000), lte: new Date(window.latest.getTime() + 86_400_000) } },
    select: { consultantId: true, slotStart: true },
  });
  return new Set(claims.map((c) => claimKey(c.consultantId, c.slotStart)));
}

/** A visitor takes a few minutes to fill the form; slots closer than this to the notice limit would expire meanwhile. */
const FORM_FILL_MARGIN_MS = 15 * 60_000;

/** Free slots for the booking page: real consultant calendars minus confirmed bookings. */
export async function listFreeSlots({ durationMinutes = 60, category }: { durationMinutes?: number; category?: string | null } = {}) {
  const window = bookingWindow(new Date(Date.now() + FORM_FILL_MARGIN_MS));
  const [consultants, claimed] = await Promise.all([activeConsultants(), claimedUnits(window)]);
  return [...freeSlots(consultants, claimed, window, durationMinutes, category)].map(({ start, end, consultantIds }) => ({
    start: start.toISOString(),
    end: end.toISOString(),
    consultantCount: consultantIds.length,
  }));
}

export async function getAvailability(): Promise<AvailabilityBody> {
  const window = bookingWindow();
  const [consultants, claimed] = await Promise.all([activeConsultants(), claimedUnits(window)]);
  const first = freeSlots(consultants, claimed, window, 60).next();
  const firstDate = first.done
    ? DateTime.fromJSDate(window.latest, { zone: window.zone }).plus({ days: 1 })
    : DateTime.fromJSDate(first.value.start, { zone: window.zone });
  return {
    available: !first.done,
    nextAvailableDate: firstDate.toISODate()!,
    consultantCount: consultants.length,
    averageResponseTime: config().AVERAGE_RESPONSE_TIME,
  };
}

interface Attempt {
  start: Date;
  end: Date;
  consultant: ConsultantSchedule;
}

/** Tries to confirm one attempt; the slot-claim primary key refuses it if anyone holds an overlapping unit. */
async function tryConfirm(id: string, request: BookingRequestInput, attempt: Attempt): Promise<boolean> {
  try {
    await db.booking.create({
      data: {
        ...bookingFields(id, request),
        status: 'confirmed',
        scheduledStart: attempt.start,
        scheduledEnd: attempt.end,
        consultantId: attempt.consultant.id,
        meetingLink: `${config().MEETING_BASE_URL.replace(/\/$/, '')}/${randomToken(12)}`,
        claims: { create: claimUnits(attempt.start, attempt.end).map((slotStart) => ({ consultantId: attempt.consultant.id, slotStart })) },
      },
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

function bookingFields(id: string, request: BookingRequestInput) {
  return {
    id,
    name: request.name,
    email: request.email,
    phone: request.phone ?? null,
    context: request.context,
    serviceType: request.serviceType ?? null,
    durationMinutes: request.duration ?? 60,
    preferredTimes: request.preferredTimes,
  };
}

/** Consultants who could take this time, least busy first so work spreads across the team. */
async function candidatesFor(consultants: ConsultantSchedule[], start: Date, end: Date, request: BookingRequestInput) {
  const zone = config().FIRM_TIME_ZONE;
  const able = consultants.filter((c) => canTake(c, request.serviceType) && worksDuring(c, start, end, zone));
  if (able.length < 2) return able;
  const dayStart = DateTime.fromJSDate(start, { zone }).startOf('day');
  const load = await db.booking.groupBy({
    by: ['consultantId'],
    where: { status: 'confirmed', scheduledStart: { gte: dayStart.toJSDate(), lt: dayStart.plus({ days: 1 }).toJSDate() } },
    _count: { _all: true },
  });
  const countOf = new Map(load.map((row) => [row.consultantId, row._count._all]));
  return able.sort((a, b) => (countOf.get(a.id) ?? 0) - (countOf.get(b.id) ?? 0) || a.id.localeCompare(b.id));
}

/**
 * Tries the preferred times in order; the first where a consultant with matching expertise is free
 * for the whole duration is confirmed. Otherwise the request is stored as pending for staff to
 * schedule. Either way it is saved.
 */
export async function requestBooking(request: BookingRequestInput): Promise<BookingConfirmationBody> {
  const id = opaqueId('bkg');
  const durationMs = (request.duration ?? 60) * 60_000;
  const window = bookingWindow();
  const consultants = await activeConsultants();

  for (const preferred of request.preferredTimes) {
    const start = new Date(preferred);
    const end = new Date(start.getTime() + durationMs);
    if (!inWindow(start, window)) continue;
    for (const consultant of await candidatesFor(consultants, start, end, request)) {
      if (await tryConfirm(id, request, { start, end, consultant })) return bookingConfirmation(id);
    }
  }

  const first = new Date(request.preferredTimes[0]!);
  await db.booking.create({
    data: { ...bookingFields(id, request), status: 'pending', scheduledStart: first, scheduledEnd: new Date(first.getTime() + durationMs) },
  });
  return bookingConfirmation(id);
}

export async function bookingConfirmation(id: string): Promise<BookingConfirmationBody> {
  const booking = await db.booking.findUniqueOrThrow({ where: { id }, include: { consultant: true } });
  const confirmed = booking.status === 'confirmed';
  return {
    id: booking.id,
    status: booking.status as BookingConfirmationBody['status'],
    scheduledTime: booking.scheduledStart.toISOString(),
    consultantName: booking.consultant?.name ?? null,
    meetingLink: booking.meetingLink,
    confirmationEmail: booking.email,
    cancellationDeadline: confirmed
      ? new Date(booking.scheduledStart.getTime() - CANCELLATION_NOTICE_HOURS * 3_600_000).toISOString()
      : null,
  };
}
