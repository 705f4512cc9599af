import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingUid, calendarInvite, type CalendarInviteInput } from './calendar-invite';

const input: CalendarInviteInput = {
  method: 'REQUEST',
  bookingId: 'bkg_K3v9',
  sequence: 3,
  start: '2026-12-01T10:00:00-05:00',
  end: '2026-12-01T11:00:00-05:00',
  summary: 'Consultation with Throughline Partners',
  description: 'Backlog: 3,000 cases; changeovers\\setups\nManage: https://www.throughlinepartners.com/bookings/tok',
  meetingLink: 'https://meet.throughlinepartners.com/r00m42',
  organizer: { name: 'Throughline Partners', address: 'hello@throughlinepartners.com' },
  attendee: { name: 'Sam Okoye', address: 'sam@ridgeline.example' },
};
const rendering = { siteUrl: 'https://www.throughlinepartners.com', now: new Date('2026-11-20T12:00:00Z') };

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const time = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
  const attendee = event.getFirstProperty('attendee')!;
  const organizer = event.getFirstProperty('organizer')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    dtstamp: time('dtstamp'),
    dtstart: time('dtstart'),
    dtend: time('dtend'),
    summary: event.getFirstPropertyValue('summary'),
    description: event.getFirstPropertyValue('description'),
    location: event.getFirstPropertyValue('location'),
    url: event.getFirstPropertyValue('url'),
    organizer: { cn: organizer.getParameter('cn'), value: organizer.getFirstValue() },
    attendee: { cn: attendee.getParameter('cn'), rsvp: attendee.getParameter('rsvp'), value: attendee.getFirstValue() },
    attendeeCount: event.getAllProperties('attendee').length,
  };
}

describe('calendarInvite', () => {
  it('writes a REQUEST whose parsed event matches the booking: UID, SEQUENCE, UTC times, organizer, attendee, link', () => {
    const invite = calendarInvite(input, rendering);
    expect(invite.method).toBe('REQUEST');
    expect(parse(invite.ics)).toEqual({
      method: 'REQUEST',
      uid: 'booking-bkg_K3v9@www.throughlinepartners.com',
      sequence: 3,
      status: 'CONFIRMED',
      dtstamp: '2026-11-20T12:00:00.000Z',
      dtstart: '2026-12-01T15:00:00.000Z',
      dtend: '2026-12-01T16:00:00.000Z',
      summary: 'Consultation with Throughline Partners',
      description: input.description,
      location: 'https://meet.throughlinepartners.com/r00m42',
      url: 'https://meet.throughlinepartners.com/r00m42',
      organizer: { cn: 'Throughline Partners', value: 'MAILTO:hello@throughlinepartners.com' },
      attendee: { cn: 'Sam Okoye', rsvp: 'TRUE', value: 'mailto:sam@ridgeline.example' },
      attendeeCount: 1,
    });
    expect(invite.ics).toContain('DTSTART:20261201T150000Z\r\n');
  });

  it('escapes commas, semicolons and backslashes in text and keeps newlines as \\n', () => {
    const { ics } = calendarInvite(input, rendering);
    const unfolded = ics.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain('DESCRIPTION:Backlog: 3\\,000 cases\\; changeovers\\\\setups\\nManage: https://www.throughlinepartners.com/bookings/tok\r\n');
  });

  it('writes a CANCEL with STATUS:CANCELLED and the same UID', () => {
    const parsed = parse(calendarInvite({ ...input, method: 'CANCEL', sequence: 4 }, rendering).ics);
    expect([parsed.method, parsed.status, parsed.uid, parsed.sequence]).toEqual(['CANCEL', 'CANCELLED', bookingUid('bkg_K3v9', rendering.siteUrl), 4]);
  });

  it('folds every line at 75 octets with CRLF, also for multi-byte text, without splitting a character', () => {
    const { ics } = calendarInvite({ ...input, description: 'Überstunden in der Härterei, während die Montage wartet. '.repeat(6) }, rendering);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.split('\r\n');
    expect(Math.max(...lines.map((line) => Buffer.byteLength(line)))).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(parse(ics).description).toBe('Überstunden in der Härterei, während die Montage wartet. '.repeat(6));
  });

  it('a visitor name cannot break out of CN to replace the attendee address or add a line', () => {
    const name = 'Sam "x":mailto:evil@x.example;ROLE=CHAIR\r\nATTENDEE:mailto:evil@x.example';
    const { ics } = calendarInvite({ ...input, attendee: { name, address: 'sam@ridgeline.example' } }, rendering);
    const parsed = parse(ics);
    expect(parsed.attendee.value).toBe('mailto:sam@ridgeline.example');
    expect(parsed.attendee.cn).toBe("Sam 'x':mailto:evil@x.example;ROLE=CHAIR ATTENDEE:mailto:evil@x.example");
    expect(parsed.attendeeCount).toBe(1);
  });

  it('leaves LOCATION and URL out when there is no meeting link', () => {
    const parsed = parse(calendarInvite({ ...input, meetingLink: null }, rendering).ics);
    expect([parsed.location, parsed.url]).toEqual([null, null]);
  });
});
