import { calendarInvite } from '../calendar-invite';
import type { MailContext } from '../mail-context';
import { mailbox, type MailAddress } from '../mailbox';
import type { CalendarMethod, RenderedMessage } from '../rendered-message';
import { siteLink } from './compose';
import { longTime } from './mail-time';

/** A booking as the messages about it need it: plain values, times as ISO strings. */
export interface BookingMailData {
  bookingId: string;
  /** The secret in /bookings/{token}, where the booker sees, cancels or moves the booking. */
  manageToken: string;
  name: string;
  email: string;
  /** What the booker wants to talk about (their words). */
  context: string;
  /** The service category asked for, if any, as people read it ("Operations"). */
  serviceType?: string | null;
  start: string;
  end: string;
  /** The calendar SEQUENCE of this message: 0 for the first invite, one more on every change. */
  sequence: number;
}

export interface ConfirmedBookingMailData extends BookingMailData {
  consultantName: string;
  meetingLink: string;
  /** Until when the booker may cancel or move it themselves. */
  cancellationDeadline: string;
}

export function booker(booking: BookingMailData): MailAddress {
  return mailbox(booking.name, booking.email);
}

/** Every message to the booker: it goes to them, their reply reaches the firm's inbox, and it greets them by name. */
export function addressedToBooker(booking: BookingMailData, context: MailContext) {
  return { to: booker(booking), replyTo: context.firmInbox, greeting: `Hello ${booking.name},` };
}

export function manageLink(context: MailContext, booking: BookingMailData): string {
  return siteLink(context, 'bookings', booking.manageToken);
}

/** The REQUEST for a confirmed booking, or the CANCEL that withdraws it; same UID for the booking's whole life. */
export function bookingCalendar(
  method: CalendarMethod,
  booking: BookingMailData & { meetingLink?: string | null; cancellationDeadline?: string | null; consultantName?: string | null },
  context: MailContext,
): NonNullable<RenderedMessage['calendar']> {
  const lines =
    method === 'CANCEL'
      ? [`This consultation with ${context.firm.name} is cancelled.`, `Book another time: ${siteLink(context, 'book')}`]
      : [
          `Consultation with ${context.firm.name}${booking.consultantName ? ` (${booking.consultantName})` : ''}.`,
          booking.meetingLink ? `Join: ${booking.meetingLink}` : null,
          booking.cancellationDeadline
            ? `Cancel or move it until ${longTime(booking.cancellationDeadline, context.timeZone)}: ${manageLink(context, booking)}`
            : `Manage it: ${manageLink(context, booking)}`,
          `What you told us: ${booking.context}`,
        ];
  return calendarInvite(
    {
      method,
      bookingId: booking.bookingId,
      sequence: booking.sequence,
      start: booking.start,
      end: booking.end,
      summary: `Consultation with ${context.firm.name}`,
      description: lines.filter(Boolean).join('\n'),
      meetingLink: booking.meetingLink ?? null,
      organizer: { name: context.firm.name, address: context.from.address },
      attendee: booker(booking),
    },
    context,
  );
}
