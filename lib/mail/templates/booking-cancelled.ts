import type { MailContext } from '../mail-context';
import type { RenderedMessage } from '../rendered-message';
import { composeMessage, siteLink } from './compose';
import type { BookingMailData } from './booking-data';
import { addressedToBooker, bookingCalendar, manageLink } from './booking-data';
import { longTime, shortTime } from './mail-time';

export interface BookingCancellationMailData extends BookingMailData {
  cancelledBy: 'visitor' | 'staff';
  /** A confirmed booking was in the booker's calendar, so a CANCEL withdraws it; a pending request never was. */
  wasConfirmed: boolean;
}

/** To the booker: the booking is cancelled, with METHOD:CANCEL (same UID, higher SEQUENCE) if it was in their calendar. */
export function bookingCancelled(booking: BookingCancellationMailData, context: MailContext): RenderedMessage {
  const what = booking.wasConfirmed ? `consultation on ${longTime(booking.start, context.timeZone)}` : 'consultation request';
  const opening =
    booking.cancelledBy === 'visitor'
      ? `Your ${what} is cancelled, as you asked.`
      : `We have had to cancel your ${what}. We are sorry; please choose another time, or reply to this email and we will find one with you.`;
  return composeMessage(
    {
      kind: 'booking-cancelled',
      ...addressedToBooker(booking, context),
      subject: booking.wasConfirmed ? `Cancelled: your consultation on ${shortTime(booking.start, context.timeZone)}` : 'Cancelled: your consultation request',
      preheader: booking.cancelledBy === 'visitor' ? 'As you asked.' : 'We are sorry for the change.',
      blocks: [
        { type: 'paragraph', text: opening },
        ...(booking.wasConfirmed ? [{ type: 'paragraph' as const, text: 'The attached cancellation takes the meeting out of your calendar.' }] : []),
        { type: 'paragraph', text: 'Whenever you want to pick it up again, the booking page shows every free time.' },
        { type: 'action', label: 'Book another time', href: siteLink(context, 'book') },
        // Every booking message links to the booking's own page, which now shows the cancellation.
        { type: 'action', label: 'See your booking', href: manageLink(context, booking) },
      ],
      ...(booking.wasConfirmed ? { calendar: bookingCalendar('CANCEL', booking, context) } : {}),
    },
    context,
  );
}
