import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { cancelBookingRecord, confirmPending } from '../bookings/booking-changes';
import { keepCommitments } from '../commitments/commitment-records';
import { DomainError, notFound } from '../../core/errors';
import { supportTicket } from '../inquiries/inquiries';
import { canTake, worksDuring } from '../scheduling/consultant-schedule';
import { activeConsultants } from '../scheduling/firm-calendar';
import { loadMailSettings } from '../mail/mail-settings';
import { recordAudit } from './audit';
import type { InquiryStatusValue } from './inquiry-workflow';
import { allowedNextStatuses, isAllowedTransition } from './inquiry-workflow';
import type { StaffActor } from './roles';

export async function listInquiries(filter: { status?: string; urgency?: string }) {
  const rows = await db.inquiry.findMany({
    where: { ...(filter.status ? { status: filter.status } : {}), ...(filter.urgency ? { urgency: filter.urgency } : {}) },
    orderBy: { submittedAt: 'desc' },
    take: 200,
  });
  return rows.map((row) => ({ ...row, supportTicket: supportTicket(row.number, row.submittedAt) }));
}

export async function getInquiryForStaff(id: string) {
  const row = await db.inquiry.findUnique({
    where: { id },
    include: { statusChanges: { orderBy: { createdAt: 'asc' }, include: { actor: { select: { displayName: true } } } } },
  });
  if (!row) throw notFound('Inquiry', id);
  return {
    ...row,
    supportTicket: supportTicket(row.number, row.submittedAt),
    allowedNext: allowedNextStatuses(row.status as InquiryStatusValue),
  };
}

/**
 * Moves an inquiry to its next status; a concurrent move by someone else makes this one fail instead of skipping a step.
 * Moving it past `submitted` answers it: the promised reply is kept (late if after its due time).
 */
export async function transitionInquiry(actor: StaffActor, id: string, to: InquiryStatusValue, note?: string, now = new Date()) {
  const inquiry = await db.inquiry.findUnique({ where: { id } });
  if (!inquiry) throw notFound('Inquiry', id);
  const from = inquiry.status as InquiryStatusValue;
  if (!isAllowedTransition(from, to)) {
    throw new DomainError('TRANSITION_NOT_ALLOWED', `An inquiry that is ${from} cannot become ${to}.`, { from, to });
  }
  await db.$transaction(async (tx) => {
    const moved = await tx.inquiry.updateMany({ where: { id, status: from }, data: { status: to } });
    if (moved.count !== 1) throw new DomainError('TRANSITION_NOT_ALLOWED', 'Someone else changed this inquiry meanwhile; reload it.', { from, to });
    await tx.inquiryStatusChange.create({
      data: { inquiryNumber: inquiry.number, fromStatus: from, toStatus: to, note: note || null, actorId: actor.id, createdAt: now },
    });
    if (from === 'submitted') await keepCommitments(tx, { inquiryNumber: inquiry.number }, ['inquiry-reply'], now, { staff: actor, note: `moved to ${to}` });
    await recordAudit(tx, actor, 'inquiry.transition', { type: 'inquiry', id }, { from, to, note: note || null });
  });
}

export async function listBookingsForStaff() {
  return db.booking.findMany({
    where: { status: { in: ['pending', 'confirmed'] } },
    include: { consultant: { select: { name: true } } },
    orderBy: [{ status: 'desc' }, { scheduledStart: 'asc' }],
    take: 300,
  });
}

/**
 * Confirms a pending booking with a consultant and a time, under the same rule as visitors' bookings:
 * the consultant must work then and the slot-claim key must accept every unit. The booker gets the
 * confirmation with its calendar invite, stored in the same transaction.
 */
export async function confirmPendingBooking(actor: StaffActor, id: string, consultantId: string, start: Date, now = new Date()) {
  const booking = await db.booking.findUnique({ where: { id }, include: { consultant: true } });
  if (!booking) throw notFound('Booking', id);
  if (booking.status !== 'pending') throw new DomainError('BOOKING_NOT_PENDING', `This booking is ${booking.status}, not pending.`);
  const consultant = (await activeConsultants()).find((c) => c.id === consultantId);
  if (!consultant) throw notFound('Consultant', consultantId);
  const end = new Date(start.getTime() + booking.durationMinutes * 60_000);
  if (!canTake(consultant, booking.serviceType) || !worksDuring(consultant, start, end, config().FIRM_TIME_ZONE)) {
    throw new DomainError('SLOT_UNAVAILABLE', `${consultant.name} does not work at that time or on that topic.`);
  }
  const confirmed = await confirmPending(booking, {
    consultantId,
    start,
    end,
    settings: await loadMailSettings(now),
    now,
    staff: actor,
    alsoWrite: (tx) => recordAudit(tx, actor, 'booking.confirm', { type: 'booking', id }, { consultantId, start: start.toISOString() }),
  }).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'BOOKING_CHANGED')
      throw new DomainError('BOOKING_NOT_PENDING', 'Someone else handled this booking meanwhile.');
    throw error;
  });
  if (!confirmed) throw new DomainError('SLOT_UNAVAILABLE', `${consultant.name} is already booked at that time.`);
}

/** Cancels a booking and frees its time for others; the booker is told, with a calendar cancellation if it was confirmed. */
export async function cancelBooking(actor: StaffActor, id: string, now = new Date()) {
  const booking = await db.booking.findUnique({ where: { id }, include: { consultant: true } });
  if (!booking) throw notFound('Booking', id);
  if (booking.status === 'cancelled') return;
  await cancelBookingRecord(booking, {
    cancelledBy: 'staff',
    now,
    staff: actor,
    settings: await loadMailSettings(now),
    alsoWrite: (tx) => recordAudit(tx, actor, 'booking.cancel', { type: 'booking', id }, { previousStatus: booking.status }),
  });
}
