import type { MailContext } from '../mail-context';
import type { RenderedMessage } from '../rendered-message';
import { facts } from './blocks';
import { composeMessage } from './compose';
import type { ConfirmedBookingMailData } from './booking-data';
import { addressedToBooker, bookingCalendar, manageLink } from './booking-data';
import { longTime, minutesBetween, shortTime, timeRange, utcRange } from './mail-time';

/** To the booker: the time (firm zone and UTC), the consultant, the meeting link, how to change it, and the invite. */
export function bookingConfirmed(booking: ConfirmedBookingMailData, context: MailContext): RenderedMessage {
  const deadline = longTime(booking.cancellationDeadline, context.timeZone);
  return composeMessage(
    {
      kind: 'booking-confirmed',
      ...addressedToBooker(booking, context),
      subject: `Confirmed: your consultation on ${shortTime(booking.start, context.timeZone)}`,
      preheader: `${booking.consultantName} will meet you at ${booking.meetingLink}.`,
      blocks: [
        {
          type: 'paragraph',
          text: `Your consultation with ${context.firm.name} is confirmed. The calendar invitation is attached: accept it and the meeting appears in your calendar at the right time wherever you are.`,
        },
        facts([
          { label: 'When', value: timeRange(booking.start, booking.end, context.timeZone) },
          { label: 'In UTC', value: utcRange(booking.start, booking.end) },
          { label: 'Length', value: `${minutesBetween(booking.start, booking.end)} minutes` },
          { label: 'With', value: booking.consultantName },
          { label: 'Topic', value: booking.serviceType },
          { label: 'Join', value: booking.meetingLink, href: booking.meetingLink },
        ]),
        { type: 'quote', label: 'What you told us', text: booking.context },
        {
          type: 'paragraph',
          text: 'To make the hour count, come with a rough picture of where work waits longest: the queue in front of one machine, a backlog of approvals, the list of late orders. Numbers help but are not required; we will ask the questions.',
        },
        { type: 'paragraph', text: `You can cancel or move the consultation yourself until ${deadline}.` },
        { type: 'action', label: 'Cancel or move your consultation', href: manageLink(context, booking) },
        {
          type: 'paragraph',
          text: `After that, ${context.firm.phone ? `call us on ${context.firm.phone} or ` : ''}reply to this email and we will sort it out with you.`,
        },
      ],
      calendar: bookingCalendar('REQUEST', booking, context),
    },
    context,
  );
}
