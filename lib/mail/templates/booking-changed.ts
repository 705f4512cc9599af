import type { MailContext } from '../mail-context';
import type { RenderedMessage } from '../rendered-message';
import { facts } from './blocks';
import { composeMessage } from './compose';
import type { ConfirmedBookingMailData } from './booking-data';
import { addressedToBooker, bookingCalendar, manageLink } from './booking-data';
import { longTime, shortTime, timeRange, utcRange } from './mail-time';

export interface BookingChangeMailData extends ConfirmedBookingMailData {
  /** The time it had before this change. */
  previous: { start: string; end: string };
  /** The booker moved it from their page, or staff moved it. */
  changedBy: 'visitor' | 'staff';
}

/** To the booker: old and new time, and a new REQUEST with the same UID and a higher SEQUENCE that updates their calendar. */
export function bookingChanged(booking: BookingChangeMailData, context: MailContext): RenderedMessage {
  const opening =
    booking.changedBy === 'visitor'
      ? 'Your consultation has moved to the time you chose.'
      : 'We have had to move your consultation, and we are sorry for the change. If the new time does not suit you, choose another one from the link below.';
  return composeMessage(
    {
      kind: 'booking-changed',
      ...addressedToBooker(booking, context),
      subject: `Moved: your consultation is now ${shortTime(booking.start, context.timeZone)}`,
      preheader: `It was ${shortTime(booking.previous.start, context.timeZone)}.`,
      blocks: [
        { type: 'paragraph', text: opening },
        facts([
          { label: 'Now', value: timeRange(booking.start, booking.end, context.timeZone) },
          { label: 'In UTC', value: utcRange(booking.start, booking.end) },
          { label: 'Was', value: timeRange(booking.previous.start, booking.previous.end, context.timeZone) },
          { label: 'With', value: booking.consultantName },
          { label: 'Join', value: booking.meetingLink, href: booking.meetingLink },
        ]),
        { type: 'paragraph', text: 'The updated invitation is attached; accepting it moves the meeting in your calendar.' },
        { type: 'paragraph', text: `You can still cancel or move it yourself until ${longTime(booking.cancellationDeadline, context.timeZone)}.` },
        { type: 'action', label: 'Cancel or move your consultation', href: manageLink(context, booking) },
      ],
      calendar: bookingCalendar('REQUEST', booking, context),
    },
    context,
  );
}
