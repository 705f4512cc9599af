import { describe, expect, it } from 'vitest';
import { busyIntervals } from './busy-times';

const NY = 'America/New_York';
const calendar = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
const event = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20310101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');
const window = { from: new Date('2031-01-01T00:00:00Z'), to: new Date('2032-01-01T00:00:00Z'), zone: NY };
const iso = (intervals: { start: Date; end: Date }[]) => intervals.map(({ start, end }) => `${start.toISOString()}/${end.toISOString()}`);

const WINDOWS_BERLIN = [
  'BEGIN:VTIMEZONE',
  'TZID:W. Europe Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
].join('\r\n');

describe('busyIntervals', () => {
  it('places UTC, IANA TZID, a VTIMEZONE of its own and floating times on their instants', () => {
    const text = calendar(
      WINDOWS_BERLIN,
      event('utc', 'DTSTART:20310602T140000Z', 'DTEND:20310602T150000Z'),
      event('iana', 'DTSTART;TZID=Europe/Berlin:20310603T160000', 'DTEND;TZID=Europe/Berlin:20310603T170000'),
      event('windows', 'DTSTART;TZID=W. Europe Standard Time:20310604T160000', 'DTEND;TZID=W. Europe Standard Time:20310604T170000'),
      event('floating', 'DTSTART:20310605T100000', 'DTEND:20310605T113000'),
      event('duration', 'DTSTART:20310606T100000Z', 'DURATION:PT45M'),
    );
    expect(iso(busyIntervals([text], window))).toEqual([
      '2031-06-02T14:00:00.000Z/2031-06-02T15:00:00.000Z',
      '2031-06-03T14:00:00.000Z/2031-06-03T15:00:00.000Z',
      '2031-06-04T14:00:00.000Z/2031-06-04T15:00:00.000Z',
      // 10:00 on the consultant's (New York, summer time) wall clock.
      '2031-06-05T14:00:00.000Z/2031-06-05T15:30:00.000Z',
      '2031-06-06T10:00:00.000Z/2031-06-06T10:45:00.000Z',
    ]);
  });

  it('blocks the whole day of an all-day event in the consultant zone, several days for a longer one, and one day without DTEND', () => {
    const text = calendar(
      event('one', 'DTSTART;VALUE=DATE:20310310', 'DTEND;VALUE=DATE:20310311'),
      event('three', 'DTSTART;VALUE=DATE:20311103', 'DTEND;VALUE=DATE:20311106'),
      event('no-end', 'DTSTART;VALUE=DATE:20310709'),
    );
    expect(iso(busyIntervals([text], window))).toEqual([
      // The US change is 9 March 2031: New York is already on summer time (UTC-4).
      '2031-03-10T04:00:00.000Z/2031-03-11T04:00:00.000Z',
      '2031-07-09T04:00:00.000Z/2031-07-10T04:00:00.000Z',
      // Across the November change (2 Nov): three whole local days, the last in winter time.
      '2031-11-03T05:00:00.000Z/2031-11-06T05:00:00.000Z',
    ]);
  });

  it('expands a weekly series with an EXDATE and a moved occurrence, and keeps Berlin wall time across both changes', () => {
    const text = calendar(
      event(
        'weekly',
        'DTSTART;TZID=Europe/Berlin:20310304T150000',
        'DTEND;TZID=Europe/Berlin:20310304T160000',
        'RRULE:FREQ=WEEKLY;COUNT=6',
        'EXDATE;TZID=Europe/Berlin:20310311T150000',
      ),
      event(
        'weekly',
        'RECURRENCE-ID;TZID=Europe/Berlin:20310325T150000',
        'DTSTART;TZID=Europe/Berlin:20310325T170000',
        'DTEND;TZID=Europe/Berlin:20310325T180000',
      ),
    );
    expect(iso(busyIntervals([text], window))).toEqual([
      // 15:00 Berlin (UTC+1) is 09:00 in New York (UTC-5) …
      '2031-03-04T14:00:00.000Z/2031-03-04T15:00:00.000Z',
      // … and 10:00 in the weeks New York has changed and Berlin has not (9 to 30 March).
      '2031-03-18T14:00:00.000Z/2031-03-18T15:00:00.000Z',
      '2031-03-25T16:00:00.000Z/2031-03-25T17:00:00.000Z',
      // After Berlin's change (30 March): 15:00 UTC+2.
      '2031-04-01T13:00:00.000Z/2031-04-01T14:00:00.000Z',
      '2031-04-08T13:00:00.000Z/2031-04-08T14:00:00.000Z',
    ]);
  });

  describe('a TZID without a VTIMEZONE (RFC 7809; servers and feeds send them) against UTC values', () => {
    it('keeps the last occurrence of a Berlin series whose UNTIL is that occurrence in UTC, across the change in Berlin', () => {
      const text = calendar(
        event(
          'until',
          'DTSTART;TZID=Europe/Berlin:20310304T150000',
          'DTEND;TZID=Europe/Berlin:20310304T160000',
          // 1 April 15:00 Berlin summer time (UTC+2) is 13:00Z: the last occurrence, inclusive.
          'RRULE:FREQ=WEEKLY;UNTIL=20310401T130000Z',
        ),
      );
      expect(iso(busyIntervals([text], window))).toEqual([
        '2031-03-04T14:00:00.000Z/2031-03-04T15:00:00.000Z',
        '2031-03-11T14:00:00.000Z/2031-03-11T15:00:00.000Z',
        '2031-03-18T14:00:00.000Z/2031-03-18T15:00:00.000Z',
        '2031-03-25T14:00:00.000Z/2031-03-25T15:00:00.000Z',
        '2031-04-01T13:00:00.000Z/2031-04-01T14:00:00.000Z',
      ]);
    });

    it('drops the New York occurrence an EXDATE names in UTC, after the change in New York', () => {
      const text = calendar(
        event(
          'exdate',
          'DTSTART;TZID=America/New_York:20310304T090000',
          'DTEND;TZID=America/New_York:20310304T093000',
          'RRULE:FREQ=WEEKLY;COUNT=3',
          // 11 March 09:00 New York summer time (UTC-4).
          'EXDATE:20310311T130000Z',
        ),
      );
      expect(iso(busyIntervals([text], { ...window, zone: 'Asia/Tokyo' }))).toEqual([
        '2031-03-04T14:00:00.000Z/2031-03-04T14:30:00.000Z',
        '2031-03-18T13:00:00.000Z/2031-03-18T13:30:00.000Z',
      ]);
    });

    it('moves the Berlin occurrence a RECURRENCE-ID names in UTC, after the change in Berlin', () => {
      const text = calendar(
        event('moved', 'DTSTART;TZID=Europe/Berlin:20310325T150000', 'DTEND;TZID=Europe/Berlin:20310325T160000', 'RRULE:FREQ=WEEKLY;COUNT=3'),
        event('moved', 'RECURRENCE-ID:20310401T130000Z', 'DTSTART;TZID=Europe/Berlin:20310402T100000', 'DTEND;TZID=Europe/Berlin:20310402T110000'),
      );
      expect(iso(busyIntervals([text], window))).toEqual([
        '2031-03-25T14:00:00.000Z/2031-03-25T15:00:00.000Z',
        '2031-04-02T08:00:00.000Z/2031-04-02T09:00:00.000Z',
        '2031-04-08T13:00:00.000Z/2031-04-08T14:00:00.000Z',
      ]);
    });

    it('reads a TZID that names no zone at all in the consultant zone, for its UNTIL too', () => {
      const text = calendar(
        event('unknown', 'DTSTART;TZID=Office Time:20310325T150000', 'DTEND;TZID=Office Time:20310325T160000', 'RRULE:FREQ=WEEKLY;UNTIL=20310401T130000Z'),
      );
      // 15:00 in Berlin, the consultant's zone: 14:00Z in winter time, 13:00Z (the UNTIL, inclusive) in summer time.
      expect(iso(busyIntervals([text], { ...window, zone: 'Europe/Berlin' }))).toEqual([
        '2031-03-25T14:00:00.000Z/2031-03-25T15:00:00.000Z',
        '2031-04-01T13:00:00.000Z/2031-04-01T14:00:00.000Z',
      ]);
    });
  });

  it('does not count transparent or cancelled events, a cancelled occurrence, or the bookings it wrote itself', () => {
    const text = calendar(
      event('free', 'DTSTART:20310602T140000Z', 'DTEND:20310602T150000Z', 'TRANSP:TRANSPARENT'),
      event('off', 'DTSTART:20310603T140000Z', 'DTEND:20310603T150000Z', 'STATUS:CANCELLED'),
      event('daily', 'DTSTART:20310604T140000Z', 'DTEND:20310604T150000Z', 'RRULE:FREQ=DAILY;COUNT=3'),
      event('daily', 'RECURRENCE-ID:20310605T140000Z', 'DTSTART:20310605T140000Z', 'DTEND:20310605T150000Z', 'STATUS:CANCELLED'),
      event('booking-bkg_1@example.com', 'DTSTART:20310607T140000Z', 'DTEND:20310607T150000Z'),
    );
    const intervals = busyIntervals([text], { ...window, ignoreUid: (uid) => uid.startsWith('booking-') });
    expect(intervals.map((interval) => interval.uid)).toEqual(['daily', 'daily']);
    expect(iso(intervals)).toEqual(['2031-06-04T14:00:00.000Z/2031-06-04T15:00:00.000Z', '2031-06-06T14:00:00.000Z/2031-06-06T15:00:00.000Z']);
  });

  it('returns only what overlaps the window, and walks an endless series that began years before it', () => {
    const text = calendar(
      event('standup', 'DTSTART;TZID=America/New_York:20200106T090000', 'DTEND;TZID=America/New_York:20200106T091500', 'RRULE:FREQ=WEEKLY;BYDAY=MO'),
    );
    const intervals = busyIntervals([text], { from: new Date('2031-03-01T00:00:00Z'), to: new Date('2031-03-18T00:00:00Z'), zone: NY });
    expect(iso(intervals)).toEqual([
      '2031-03-03T14:00:00.000Z/2031-03-03T14:15:00.000Z',
      '2031-03-10T13:00:00.000Z/2031-03-10T13:15:00.000Z',
      '2031-03-17T13:00:00.000Z/2031-03-17T13:15:00.000Z',
    ]);
  });

  it('refuses a body that is not iCalendar with a sentence', () => {
    expect(() => busyIntervals(['<html>login</html>'], window)).toThrow('did not send an iCalendar (.ics) calendar');
  });
});
