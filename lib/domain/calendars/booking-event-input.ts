import { config } from '@/lib/config';
import type { Booking, Consultant } from '@/lib/generated/prisma/client';
import { bookingUid } from '@/lib/mail';
import type { BookingEventInput } from '../../calendars/booking-event';

/** A booking as a calendar event (the written-back event and the subscription feed show the same): title, client, context, meeting link. */
export function bookingEventInput(booking: Booking, consultant: Pick<Consultant, 'name' | 'email'>, now: Date): BookingEventInput {
  const lines = [
    `Client: ${booking.name} <${booking.email}>${booking.phone ? `, ${booking.phone}` : ''}`,
    booking.serviceType ? `Topic: ${booking.serviceType}` : null,
    `Context: ${booking.context}`,
    booking.meetingLink ? `Meeting link: ${booking.meetingLink}` : null,
    `Booking: ${booking.id}`,
  ].filter((line): line is string => line !== null);
  return {
    uid: bookingUid(booking.id, config().SITE_URL),
    sequence: booking.calendarSequence,
    start: booking.scheduledStart,
    end: booking.scheduledEnd,
    summary: `Consultation with ${booking.name}`,
    description: lines.join('\n'),
    meetingLink: booking.meetingLink,
    organizer: { name: consultant.name, email: consultant.email },
    attendee: { name: booking.name, email: booking.email },
    now,
    productId: '-//Throughline Partners//Consultations//EN',
  };
}
