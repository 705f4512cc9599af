import type { ManagedBookingBody } from '@/lib/contract/booking-management';
import { db } from '@/lib/db/client';
import { bookingWindow, pendingConfirmationDue } from './request-booking';
import { contentSnapshot } from '../content/snapshot';
import { DomainError } from '../../core/errors';
import { findBySecretToken } from '../../core/secret-tokens';
import type { BookingWithConsultant } from '../mail/booking-mail';
import { loadMailSettings } from '../mail/mail-settings';
import { cancelBookingRecord, confirmPending, moveConfirmed, replacePendingTimes } from './booking-changes';
import { cancellationDeadline, isChangeable } from './booking-policy';
import { managedView } from './managed-booking-view';
import { holdFirstFreeTime } from './preferred-times';

/*
 * The booker's side of a booking, reached only through its management token (/bookings/{token} and /v1/bookings/…).
 * A pending request may be cancelled or given new times at any time; a confirmed booking until its deadline.
 */

async function bookingByToken(token: string): Promise<BookingWithConsultant> {
  const booking = await findBySecretToken(
    token,
    (manageTokenDigest) => db.booking.findUnique({ where: { manageTokenDigest }, include: { consultant: true } }),
    (row) => row.manageTokenDigest,
  );
  // The token is the secret: it is never echoed back in the message.
  if (!booking) throw new DomainError('NOT_FOUND', 'No booking has this management link. Check the link in your email.');
  return booking;
}

export async function getManagedBooking(token: string, now = new Date()): Promise<ManagedBookingBody> {
  return managedView(await bookingByToken(token), now);
}

async function refuseIfClosed(booking: BookingWithConsultant, now: Date): Promise<void> {
  if (booking.status === 'cancelled') throw new DomainError('BOOKING_CANCELLED', 'This booking is cancelled. Book a new consultation instead.');
  if (isChangeable(booking, now)) return;
  const { content } = await contentSnapshot();
  const contact = content.company?.contact;
  throw new DomainError(
    'CANCELLATION_CLOSED',
    `Changes online closed 24 hours before the consultation. Please contact us${contact?.phone ? ` on ${contact.phone}` : ''}${contact?.email ? ` or at ${contact.email}` : ''} instead.`,
    { cancellationDeadline: cancellationDeadline(booking)!.toISOString(), contactEmail: contact?.email ?? null, contactPhone: contact?.phone ?? null },
  );
}

/** Cancels the booking of `token`, freeing its time; a booking already cancelled is answered as it is. */
export async function cancelManagedBooking(token: string, now = new Date()): Promise<ManagedBookingBody> {
  const booking = await bookingByToken(token);
  if (booking.status === 'cancelled') return managedView(booking, now);
  await refuseIfClosed(booking, now);
  await cancelBookingRecord(booking, { cancelledBy: 'visitor', now, settings: await loadMailSettings(now) });
  return getManagedBooking(token, now);
}

/**
 * Moves the booking of `token` to the first free of `preferredTimes` (the rule of new bookings). A confirmed booking
 * with no free time among them stays where it was (SLOT_UNAVAILABLE). A pending request takes the new times: confirmed
 * at once if one is free, else still pending with them. A confirmed booking's own time among the preferred
 * ones means "else keep it": the times after it are not tried.
 */
export async function rescheduleManagedBooking(token: string, preferredTimes: string[], now = new Date()): Promise<ManagedBookingBody> {
  const booking = await bookingByToken(token);
  await refuseIfClosed(booking, now);
  const settings = await loadMailSettings(now);
  const search = { durationMinutes: booking.durationMinutes, category: booking.serviceType, window: bookingWindow(now), now };
  if (booking.status === 'confirmed') {
    // The booker ranks its current time among the others: times after it would be a worse choice than staying.
    const current = preferredTimes.findIndex((time) => Date.parse(time) === booking.scheduledStart.getTime());
    const better = current === -1 ? preferredTimes : preferredTimes.slice(0, current);
    const held = await holdFirstFreeTime(better, { ...search, preferredConsultant: booking.consultantId }, (choice) =>
      moveConfirmed(booking, { ...choice, changedBy: 'visitor', settings, now }),
    );
    if (!held && current === -1) {
      throw new DomainError('SLOT_UNAVAILABLE', 'None of those times is free any more, so your booking stays as it was. Choose another time.');
    }
  } else {
    const held = await holdFirstFreeTime(preferredTimes, search, (choice) => confirmPending(booking, { ...choice, preferredTimes, settings, now }));
    if (!held) {
      const start = new Date(preferredTimes[0]!);
      const end = new Date(start.getTime() + booking.durationMinutes * 60_000);
      await replacePendingTimes(booking, { preferredTimes, start, end, confirmBy: await pendingConfirmationDue(now, start), settings, now });
    }
  }
  return getManagedBooking(token, now);
}
