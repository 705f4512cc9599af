import { createEvent, type EventAttributes } from 'ics';
import { headerText } from './header-text';
import type { MailAddress } from './mailbox';
import { siteHost } from './message-id';
import type { CalendarMethod } from './rendered-message';

export interface CalendarInviteInput {
  method: CalendarMethod;
  bookingId: string;
  /** 0 for the first invite, then one higher on every change (reschedule, cancellation). */
  sequence: number;
  /** ISO date-times; written as UTC. For a cancellation, the time being cancelled. */
  start: string;
  end: string;
  summary: string;
  description: string;
  meetingLink: string | null;
  organizer: MailAddress;
  attendee: MailAddress;
}

/** One booking is one calendar event for its whole life: every update and the cancellation use this UID. */
export function bookingUid(bookingId: string, siteUrl: string): string {
  return `booking-${bookingId}@${siteHost(siteUrl)}`;
}

/**
 * Parameter values (CN) are quoted strings, which RFC 5545 lets hold no DQUOTE at all: the `ics` package writes
 * \" there, which parsers read as the end of the value. A visitor's name could then smuggle in a `:mailto:`.
 */
function parameterText(value: string): string {
  return headerText(value).replaceAll('"', "'");
}

const FOLD_OCTETS = 75;

/**
 * Folds content lines at 75 octets, as RFC 5545 §3.1 asks, without splitting a UTF-8 sequence. The `ics` package
 * folds at 75 characters, so a line of accented or non-Latin text could reach twice the limit.
 */
function foldByOctets(ics: string): string {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return unfolded
    .split('\r\n')
    .map((line) => {
      const parts: string[] = [];
      let current = '';
      let octets = 0;
      for (const character of line) {
        const size = Buffer.byteLength(character);
        // Continuation lines start with a space, which counts towards their 75 octets.
        const limit = parts.length === 0 ? FOLD_OCTETS : FOLD_OCTETS - 1;
        if (octets + size > limit) {
          parts.push(current);
          current = '';
          octets = 0;
        }
        current += character;
        octets += size;
      }
      parts.push(current);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}

/** A one-event iCalendar object (iTIP REQUEST or CANCEL) for a booking, with times in UTC. */
export function calendarInvite(input: CalendarInviteInput, { siteUrl, now }: { siteUrl: string; now: Date }): { method: CalendarMethod; ics: string } {
  const event: EventAttributes & { timestamp: number } = {
    productId: `-//${parameterText(input.organizer.name || 'Bookings')}//Consultations//EN`,
    method: input.method,
    uid: bookingUid(input.bookingId, siteUrl),
    sequence: input.sequence,
    timestamp: now.getTime(),
    start: Date.parse(input.start),
    end: Date.parse(input.end),
    title: headerText(input.summary),
    description: input.description,
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: parameterText(input.organizer.name), email: input.organizer.address },
    // PARTSTAT and ROLE are left to their defaults (NEEDS-ACTION, REQ-PARTICIPANT): `ics` would quote them.
    attendees: [{ name: parameterText(input.attendee.name), email: input.attendee.address, rsvp: true }],
    ...(input.meetingLink ? { location: input.meetingLink, url: input.meetingLink } : {}),
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw new Error(`Could not build the calendar invite: ${error?.message ?? 'no output'}`);
  return { method: input.method, ics: foldByOctets(value) };
}
