import type { MailContext } from '../mail-context';
import type { RenderedMessage } from '../rendered-message';
import { composeMessage } from './compose';
import type { BookingMailData } from './booking-data';
import { addressedToBooker, manageLink } from './booking-data';
import { longTime } from './mail-time';

export interface BookingRequestMailData extends BookingMailData {
  /** Every time the booker suggested, in their order. */
  preferredTimes: string[];
  /** When staff will have confirmed a time (the caller counts the business hours). */
  confirmBy: string;
}

/** To the booker of a pending request: none of their times could be confirmed at once, so a person will. No invite yet. */
export function bookingRequested(booking: BookingRequestMailData, context: MailContext): RenderedMessage {
  const confirmBy = longTime(booking.confirmBy, context.timeZone);
  return composeMessage(
    {
      kind: 'booking-requested',
      ...addressedToBooker(booking, context),
      subject: 'We have your consultation request',
      preheader: `We will confirm a time with you by ${confirmBy}.`,
      blocks: [
        {
          type: 'paragraph',
          text: `Thank you for asking for a consultation. We could not confirm any of the times you suggested straight away, so one of us will look at our consultants' calendars and confirm a time with you by ${confirmBy}.`,
        },
        { type: 'heading', text: 'The times you suggested' },
        { type: 'list', items: booking.preferredTimes.map((time) => longTime(time, context.timeZone)) },
        { type: 'heading', text: 'What happens next' },
        {
          type: 'list',
          items: [
            'We try your times in the order you gave them, with a consultant who knows your kind of problem.',
            'If none of them works, we suggest the nearest time that does.',
            'You get a confirmation with the meeting link and a calendar invitation. Nothing is booked until then.',
          ],
        },
        { type: 'quote', label: 'What you told us', text: booking.context },
        { type: 'paragraph', text: 'Changed your mind, or found that none of those times suits you after all? You can see and cancel the request here:' },
        { type: 'action', label: 'See your request', href: manageLink(context, booking) },
      ],
    },
    context,
  );
}
