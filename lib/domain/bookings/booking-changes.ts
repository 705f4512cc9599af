import { config } from '@/lib/config';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { MailSettings } from '@/lib/mail';
import { DomainError } from '../../core/errors';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { transactionWithJobs } from '../../jobs/job-transaction';
import type { BookingWithConsultant } from '../mail/booking-mail';
import { enqueueBookingCancelled, enqueueBookingChanged, enqueueBookingConfirmed, enqueueBookingRequested } from '../mail/booking-mail';
import { randomToken } from '../../core/tokens';
import type { Closer } from '../commitments/commitment-records';
import { keepCommitments, openCommitment, voidCommitments } from '../commitments/commitment-records';
import type { StaffActor } from '../staff/roles';
import { claimSlot, releaseSlot, unlessSlotTaken } from './slot-holding';
import { enqueueBookingWriteBack } from '../calendars/booking-write-back';
import { bookingEventData, bookingRescheduledData } from '../webhooks/event-payloads';
import { recordWebhookEvent } from '../webhooks/record-event';

/*
 * Every change to a booking, by the booker or by staff, goes through here: one transaction changes the row, its slot
 * claims and its calendar SEQUENCE, the commitment to decide on a pending request, and stores the message that tells
 * the booker. Each change is conditional on the booking being exactly as it was read (status and SEQUENCE), so two
 * changes racing cannot both apply.
 */

type Tx = Prisma.TransactionClient;

export type ChangedBy = 'visitor' | 'staff';

interface ChangeContext {
  settings: MailSettings;
  now: Date;
  /** The staff member making the change; absent when the booker makes it through their link. */
  staff?: StaffActor;
  /** More writes for the same transaction, e.g. the staff audit entry. */
  alsoWrite?: (tx: Tx) => Promise<void>;
}

const BOOKER: Closer = { name: 'the booker' };

function changedMeanwhile(): DomainError {
  return new DomainError('BOOKING_CHANGED', 'The booking was changed by someone else a moment ago; reload it and try again.');
}

/** Applies `data` only if the booking is still as read, and bumps its SEQUENCE; returns the row as it is now. */
async function updateAsRead(tx: Tx, booking: BookingWithConsultant, data: Prisma.BookingUncheckedUpdateManyInput): Promise<BookingWithConsultant> {
  const { count } = await tx.booking.updateMany({
    where: { id: booking.id, status: booking.status, calendarSequence: booking.calendarSequence },
    data: { ...data, calendarSequence: { increment: 1 } },
  });
  if (count !== 1) throw changedMeanwhile();
  return tx.booking.findUniqueOrThrow({ where: { id: booking.id }, include: { consultant: true } });
}

export function newMeetingLink(): string {
  return `${config().MEETING_BASE_URL.replace(/\/$/, '')}/${randomToken(12)}`;
}

/**
 * Confirms a pending booking with `consultantId` at [start, end): claims the slot and sends the confirmation with
 * its invite. Resolves false, changing nothing, when another booking holds part of that time.
 */
export function confirmPending(
  booking: BookingWithConsultant,
  {
    consultantId,
    start,
    end,
    preferredTimes,
    settings,
    now,
    staff,
    alsoWrite,
  }: ChangeContext & { consultantId: string; start: Date; end: Date; preferredTimes?: string[] },
): Promise<boolean> {
  return unlessSlotTaken(async (tx, jobs) => {
    const confirmed = await updateAsRead(tx, booking, {
      status: 'confirmed',
      consultantId,
      scheduledStart: start,
      scheduledEnd: end,
      meetingLink: newMeetingLink(),
      ...(preferredTimes ? { preferredTimes } : {}),
    });
    await claimSlot(tx, booking.id, consultantId, start, end);
    // Staff confirming keep the promise to decide; the booker picking a free time made the decision unnecessary.
    if (staff) await keepCommitments(tx, { bookingId: booking.id }, ['booking-decision'], now, { staff, note: 'confirmed' });
    else await voidCommitments(tx, { bookingId: booking.id }, ['booking-decision'], now, { ...BOOKER, note: 'the booker chose a free time' });
    await enqueueBookingConfirmed(tx, jobs, confirmed, settings);
    await enqueueBookingWriteBack(tx, jobs, confirmed);
    await recordWebhookEvent(tx, jobs, 'booking.confirmed', bookingEventData(confirmed, settings.now), settings.now);
    await alsoWrite?.(tx);
  });
}

/**
 * Moves a confirmed booking to [start, end) with `consultantId`: frees its old claims and claims the new time in one
 * transaction, and sends the change with a REQUEST of the higher SEQUENCE. Resolves false, changing nothing, when
 * another booking holds part of the new time.
 */
export function moveConfirmed(
  booking: BookingWithConsultant,
  { consultantId, start, end, changedBy, settings, alsoWrite }: ChangeContext & { consultantId: string; start: Date; end: Date; changedBy: ChangedBy },
): Promise<boolean> {
  return unlessSlotTaken(async (tx, jobs) => {
    const moved = await updateAsRead(tx, booking, { consultantId, scheduledStart: start, scheduledEnd: end });
    // Old claims go first: a move by half an hour overlaps the booking's own time.
    await releaseSlot(tx, booking.id);
    await claimSlot(tx, booking.id, consultantId, start, end);
    const previous = { start: booking.scheduledStart, end: booking.scheduledEnd };
    await enqueueBookingChanged(tx, jobs, moved, { previous, changedBy, settings });
    await enqueueBookingWriteBack(tx, jobs, moved);
    await recordWebhookEvent(tx, jobs, 'booking.rescheduled', bookingRescheduledData(moved, previous, settings.now), settings.now);
    await alsoWrite?.(tx);
  });
}

/**
 * New suggested times for a pending request none of which is free: it stays pending, and the booker hears so. The
 * booker is promised a decision afresh, by `confirmBy`: the old promise is void, a new one opens.
 */
export async function replacePendingTimes(
  booking: BookingWithConsultant,
  { preferredTimes, start, end, confirmBy, settings, now, alsoWrite }: ChangeContext & { preferredTimes: string[]; start: Date; end: Date; confirmBy: Date },
): Promise<void> {
  await transactionWithJobs(async (tx, jobs) => {
    const updated = await updateAsRead(tx, booking, { preferredTimes, scheduledStart: start, scheduledEnd: end });
    await voidCommitments(tx, { bookingId: booking.id }, ['booking-decision'], now, { ...BOOKER, note: 'the booker asked for other times' });
    await openCommitment(tx, { kind: 'booking-decision', subject: { bookingId: booking.id }, dueAt: confirmBy, now });
    await enqueueBookingRequested(tx, jobs, updated, { confirmBy, settings });
    const previous = { start: booking.scheduledStart, end: booking.scheduledEnd };
    await recordWebhookEvent(tx, jobs, 'booking.rescheduled', bookingRescheduledData(updated, previous, settings.now), settings.now);
    await alsoWrite?.(tx);
  });
}

/**
 * Cancels a pending or confirmed booking, frees its time for others, and tells the booker (with a CANCEL if it was in
 * their calendar). Staff cancelling a pending request decline it, which keeps the promise to decide; the booker
 * cancelling it makes the promise void.
 */
export async function cancelBookingRecord(
  booking: BookingWithConsultant,
  { cancelledBy, now, settings, staff, alsoWrite }: ChangeContext & { cancelledBy: ChangedBy },
): Promise<void> {
  await transactionWithJobs(async (tx: Tx, jobs: JobEnqueuer) => {
    const cancelled = await updateAsRead(tx, booking, { status: 'cancelled', cancelledAt: now, cancelledBy });
    await releaseSlot(tx, booking.id);
    if (staff && booking.status === 'pending') {
      await keepCommitments(tx, { bookingId: booking.id }, ['booking-decision'], now, { staff, note: 'declined' });
    } else {
      await voidCommitments(tx, { bookingId: booking.id }, ['booking-decision'], now, staff ? { staff, note: 'cancelled' } : { ...BOOKER, note: 'cancelled' });
    }
    await enqueueBookingCancelled(tx, jobs, cancelled, { cancelledBy, wasConfirmed: booking.status === 'confirmed', settings });
    await enqueueBookingWriteBack(tx, jobs, cancelled);
    await recordWebhookEvent(tx, jobs, 'booking.cancelled', bookingEventData(cancelled, now), now);
    await alsoWrite?.(tx);
  });
}
