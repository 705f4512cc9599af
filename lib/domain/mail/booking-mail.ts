import type { Prisma } from '@/lib/generated/prisma/client';
import {
  bookingCancelled,
  bookingChanged,
  bookingConfirmed,
  bookingRequested,
  type BookingMailData,
  type ConfirmedBookingMailData,
  type MailSettings,
} from '@/lib/mail';
import type { ServiceCategoryId } from '@/lib/contract/catalogue';
import { cancellationDeadline } from '../bookings/booking-policy';
import { SERVICE_CATEGORY_INFO } from '../content/service-categories';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { stringArray } from '../../core/json-columns';
import { enqueueMail } from './outbox';

type Tx = Prisma.TransactionClient;

/** A booking as stored, with its consultant: what every booking message is rendered from. */
export type BookingWithConsultant = Prisma.BookingGetPayload<{ include: { consultant: true } }>;

function bookingMailData(booking: BookingWithConsultant): BookingMailData {
  return {
    bookingId: booking.id,
    manageToken: booking.manageToken,
    name: booking.name,
    email: booking.email,
    context: booking.context,
    serviceType: booking.serviceType ? (SERVICE_CATEGORY_INFO[booking.serviceType as ServiceCategoryId]?.name ?? booking.serviceType) : null,
    start: booking.scheduledStart.toISOString(),
    end: booking.scheduledEnd.toISOString(),
    // The message carries the booking's SEQUENCE after the change it announces.
    sequence: booking.calendarSequence,
  };
}

function confirmedMailData(booking: BookingWithConsultant): ConfirmedBookingMailData {
  if (booking.status !== 'confirmed' || !booking.consultant || !booking.meetingLink) {
    throw new Error(`Booking ${booking.id} is not a confirmed booking with a consultant and a meeting link.`);
  }
  return {
    ...bookingMailData(booking),
    consultantName: booking.consultant.name,
    meetingLink: booking.meetingLink,
    cancellationDeadline: cancellationDeadline(booking)!.toISOString(),
  };
}

const about = (booking: BookingWithConsultant) => ({ type: 'booking', id: booking.id }) as const;

/** The confirmation with its calendar REQUEST, for a booking that has just become confirmed. */
export function enqueueBookingConfirmed(tx: Tx, jobs: JobEnqueuer, booking: BookingWithConsultant, settings: MailSettings) {
  const data = confirmedMailData(booking);
  return enqueueMail(tx, jobs, { settings, about: about(booking), render: (context) => bookingConfirmed(data, context) });
}

/** "We have your request" for a pending booking: its suggested times and when staff will have confirmed one. */
export function enqueueBookingRequested(
  tx: Tx,
  jobs: JobEnqueuer,
  booking: BookingWithConsultant,
  { confirmBy, settings }: { confirmBy: Date; settings: MailSettings },
) {
  const data = {
    ...bookingMailData(booking),
    preferredTimes: stringArray(booking.preferredTimes, 'Booking.preferredTimes').map((time) => new Date(time).toISOString()),
    confirmBy: confirmBy.toISOString(),
  };
  return enqueueMail(tx, jobs, { settings, about: about(booking), render: (context) => bookingRequested(data, context) });
}

/** The move of a confirmed booking: old and new time, and a REQUEST with the same UID and the higher SEQUENCE. */
export function enqueueBookingChanged(
  tx: Tx,
  jobs: JobEnqueuer,
  booking: BookingWithConsultant,
  { previous, changedBy, settings }: { previous: { start: Date; end: Date }; changedBy: 'visitor' | 'staff'; settings: MailSettings },
) {
  const data = { ...confirmedMailData(booking), previous: { start: previous.start.toISOString(), end: previous.end.toISOString() }, changedBy };
  return enqueueMail(tx, jobs, { settings, about: about(booking), render: (context) => bookingChanged(data, context) });
}

/** The cancellation; a booking that was confirmed also gets a METHOD:CANCEL for the same UID. */
export function enqueueBookingCancelled(
  tx: Tx,
  jobs: JobEnqueuer,
  booking: BookingWithConsultant,
  { cancelledBy, wasConfirmed, settings }: { cancelledBy: 'visitor' | 'staff'; wasConfirmed: boolean; settings: MailSettings },
) {
  const data = { ...bookingMailData(booking), cancelledBy, wasConfirmed };
  return enqueueMail(tx, jobs, { settings, about: about(booking), render: (context) => bookingCancelled(data, context) });
}
