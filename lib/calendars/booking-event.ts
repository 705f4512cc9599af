import ICAL from 'ical.js';

export interface BookingEventInput {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  meetingLink: string | null;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** When the event was written (DTSTAMP). */
  now: Date;
  productId: string;
}

function utc(date: Date): ICAL.Time {
  return ICAL.Time.fromJSDate(date, true);
}

/**
 * A booking as a VEVENT for the consultant's own calendar (no METHOD: it is stored, not sent). The visitor is an
 * ATTENDEE and the consultant the ORGANIZER, both with SCHEDULE-AGENT=CLIENT (RFC 6638), so a server that does
 * scheduling (Nextcloud, Fastmail, iCloud) does not send the visitor a second invitation: the site already did.
 */
export function bookingEventIcs(input: BookingEventInput): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', input.productId);
  calendar.addSubcomponent(bookingVevent(input));
  return calendar.toString();
}

function bookingVevent(input: BookingEventInput): ICAL.Component {
  const event = new ICAL.Component('vevent');
  event.addPropertyWithValue('uid', input.uid);
  event.addPropertyWithValue('sequence', input.sequence);
  event.addPropertyWithValue('dtstamp', utc(input.now));
  event.addPropertyWithValue('dtstart', utc(input.start));
  event.addPropertyWithValue('dtend', utc(input.end));
  event.addPropertyWithValue('summary', input.summary);
  event.addPropertyWithValue('description', input.description);
  event.addPropertyWithValue('status', 'CONFIRMED');
  event.addPropertyWithValue('transp', 'OPAQUE');
  if (input.meetingLink) {
    event.addPropertyWithValue('location', input.meetingLink);
    event.addPropertyWithValue('url', input.meetingLink);
  }
  const organizer = event.addPropertyWithValue('organizer', `mailto:${input.organizer.email}`);
  organizer.setParameter('cn', input.organizer.name);
  organizer.setParameter('schedule-agent', 'CLIENT');
  const attendee = event.addPropertyWithValue('attendee', `mailto:${input.attendee.email}`);
  attendee.setParameter('cn', input.attendee.name);
  attendee.setParameter('role', 'REQ-PARTICIPANT');
  attendee.setParameter('partstat', 'ACCEPTED');
  attendee.setParameter('schedule-agent', 'CLIENT');
  return event;
}

/** Several bookings as one calendar: the private subscription feed of a consultant. */
export function bookingsFeedIcs(name: string, productId: string, events: readonly BookingEventInput[]): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', productId);
  calendar.addPropertyWithValue('x-wr-calname', name);
  for (const input of events) calendar.addSubcomponent(bookingVevent(input));
  return calendar.toString();
}
