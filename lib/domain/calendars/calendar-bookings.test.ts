import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import type { RadicaleServer } from '../../../test-support/calendars/radicale-server.mjs';
import { icsCalendar, icsEvent, icsTimedEvent } from '../../../test-support/calendars/ics-text';
import {
  bookAt,
  CALDAV_PASSWORD,
  CALDAV_USER,
  firmTime,
  freeHoursOn,
  onlyActiveConsultant,
  radicaleWithCalendars,
  SALES,
} from '../../../test-support/calendars/calendar-fixtures';
import { calendarFacts } from '../../../test-support/calendar-facts';
import { setCalendarFetchDefaults } from '../../calendars/calendar-fetch';
import { cancelManagedBooking, rescheduleManagedBooking } from '../bookings/manage-booking';
import { writeBookingToCalendar } from './booking-write-back';
import { chooseCalendars, connectCaldavCalendar, consultantCalendars, disconnectCalendar } from './calendar-connections';
import { syncConnection } from './calendar-sync';
import { calendarsFailingFor } from './failing-calendars';
import { reconcileIncidents, runHealthChecks } from '../system';
import { enqueueDueCalendarSyncs } from './sync-schedule';

vi.hoisted(() => {
  process.env.CALENDAR_SECRET_KEY = 'dGVzdC1vbmx5LWNhbGVuZGFyLWtleS0zMi1ieXRlcyE=';
});

/*
 * The busy-time rules against a real CalDAV server (Radicale), each on a pinned clock: the events are placed relative
 * to that clock, never to the real one. One consultant is active (Margaret Okafor, 08:00–16:00 New York, Monday to
 * Friday), so what blocks a slot is exactly her calendar.
 */

const CONSULTANT = 'margaret-okafor';
/** Monday 3 March 2031, noon UTC: the window opens on Tuesday the 4th. The US changes clocks on 9 March, Berlin on 30 March. */
const SPRING = new Date('2031-03-03T12:00:00Z');
let radicale: RadicaleServer;
let connectionId: string;

beforeAll(async () => {
  radicale = await radicaleWithCalendars();
  await onlyActiveConsultant(CONSULTANT);
}, 30_000);

afterAll(async () => {
  setCalendarFetchDefaults({});
  await radicale?.remove();
});

beforeEach(async () => {
  if (connectionId) await disconnectCalendar(SALES, connectionId);
  for (const calendar of ['work', 'personal']) {
    for (const name of Object.keys(await radicale.events(CALDAV_USER, calendar))) await radicale.deleteEvent(CALDAV_USER, calendar, name);
  }
  connectionId = await connectCaldavCalendar(SALES, CONSULTANT, { serverUrl: radicale.origin, username: CALDAV_USER, password: CALDAV_PASSWORD }, SPRING);
  const work = radicale.calendarUrl(CALDAV_USER, 'work');
  await chooseCalendars(SALES, connectionId, { busyUrls: [work, radicale.calendarUrl(CALDAV_USER, 'personal')], bookingUrl: work }, SPRING);
});

const put = (name: string, ...events: string[]) => radicale.putEvent(CALDAV_USER, 'work', name, icsCalendar(...events));
const sync = async (now: Date) => expect(await syncConnection(connectionId, now)).toEqual({ status: 'synced' });

describe('busy times from CalDAV', () => {
  it('a busy event blocks the slots it overlaps, a changed one moves, a deleted one frees', async () => {
    await put('visit', icsTimedEvent('client-visit', firmTime('2031-03-05T10:00'), firmTime('2031-03-05T11:15')));
    await sync(SPRING);
    expect(await freeHoursOn('2031-03-05', SPRING)).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
    ]);
    await put('visit', icsTimedEvent('client-visit', firmTime('2031-03-05T13:00'), firmTime('2031-03-05T14:00')));
    await sync(SPRING);
    expect(await freeHoursOn('2031-03-05', SPRING)).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '14:00',
      '14:30',
      '15:00',
    ]);
    await radicale.deleteEvent(CALDAV_USER, 'work', 'visit');
    await sync(SPRING);
    expect(await freeHoursOn('2031-03-05', SPRING)).toHaveLength(15);
  });

  it('a weekly series with an exception blocks the right dates', async () => {
    await put(
      'weekly',
      icsEvent(
        'review',
        'DTSTART;TZID=America/New_York:20310304T090000',
        'DTEND;TZID=America/New_York:20310304T100000',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'EXDATE;TZID=America/New_York:20310311T090000',
      ),
      icsEvent(
        'review',
        'RECURRENCE-ID;TZID=America/New_York:20310318T090000',
        'DTSTART;TZID=America/New_York:20310318T140000',
        'DTEND;TZID=America/New_York:20310318T150000',
      ),
    );
    await sync(SPRING);
    const blocked = async (date: string, hour: string) => !(await freeHoursOn(date, SPRING)).includes(hour);
    expect([
      await blocked('2031-03-04', '09:00'),
      await blocked('2031-03-11', '09:00'),
      await blocked('2031-03-18', '09:00'),
      await blocked('2031-03-18', '14:00'),
    ]).toEqual([true, false, false, true]);
    expect(await blocked('2031-03-25', '09:00')).toBe(true);
    expect(await blocked('2031-04-01', '09:00')).toBe(false);
  });

  it('an all-day event blocks the whole day, and a transparent one blocks nothing', async () => {
    await put('offsite', icsEvent('offsite', 'DTSTART;VALUE=DATE:20310306', 'DTEND;VALUE=DATE:20310307'));
    await put('reminder', icsTimedEvent('reminder', firmTime('2031-03-07T09:00'), firmTime('2031-03-07T12:00'), 'TRANSP:TRANSPARENT'));
    await sync(SPRING);
    expect(await freeHoursOn('2031-03-06', SPRING)).toEqual([]);
    expect(await freeHoursOn('2031-03-07', SPRING)).toHaveLength(15);
    const booked = await bookAt(firmTime('2031-03-06T10:00'), SPRING);
    expect(booked.status).toBe('pending');
  });

  it('an event in Europe/Berlin blocks the right New York hour across the daylight-saving change weeks', async () => {
    // Tuesdays 15:00 in Berlin: 09:00 in New York, 10:00 from 9 March (New York changed), 09:00 again from 30 March.
    await put(
      'berlin',
      icsEvent('berlin-call', 'DTSTART;TZID=Europe/Berlin:20310304T150000', 'DTEND;TZID=Europe/Berlin:20310304T160000', 'RRULE:FREQ=WEEKLY;COUNT=5'),
    );
    await sync(SPRING);
    const missing = async (date: string) => (await freeHoursOn(date, SPRING)).slice(0, 6);
    expect(await missing('2031-03-04')).toEqual(['08:00', '10:00', '10:30', '11:00', '11:30', '12:00']);
    expect(await missing('2031-03-11')).toEqual(['08:00', '08:30', '09:00', '11:00', '11:30', '12:00']);
    expect(await missing('2031-03-25')).toEqual(['08:00', '08:30', '09:00', '11:00', '11:30', '12:00']);
    expect(await missing('2031-04-01')).toEqual(['08:00', '10:00', '10:30', '11:00', '11:30', '12:00']);
    expect((await bookAt(firmTime('2031-03-11T10:00'), SPRING)).status).toBe('pending');
    expect((await bookAt(firmTime('2031-03-11T09:00'), SPRING, 'nine@client.example')).status).toBe('confirmed');
  });

  it('the autumn weeks too: Berlin changes on 26 October, New York on 2 November', async () => {
    const autumn = new Date('2031-10-20T08:00:00Z');
    await put(
      'berlin',
      icsEvent('berlin-call', 'DTSTART;TZID=Europe/Berlin:20311021T150000', 'DTEND;TZID=Europe/Berlin:20311021T160000', 'RRULE:FREQ=WEEKLY;COUNT=3'),
    );
    await sync(autumn);
    const firstFree = async (date: string) => (await freeHoursOn(date, autumn)).slice(0, 4);
    expect(await firstFree('2031-10-21')).toEqual(['08:00', '10:00', '10:30', '11:00']);
    expect(await firstFree('2031-10-28')).toEqual(['08:00', '08:30', '09:00', '11:00']);
    expect(await firstFree('2031-11-04')).toEqual(['08:00', '10:00', '10:30', '11:00']);
  });
});

describe('the freshness rule', () => {
  it('an event added on the server after the last sync still blocks a booking: stale busy times are refreshed for the window', async () => {
    await sync(SPRING);
    await put('late', icsTimedEvent('added-later', firmTime('2031-03-05T10:00'), firmTime('2031-03-05T11:00')));
    // 200 s after the sync (CALENDAR_MAX_STALENESS_S is 120): the listing still shows the stored busy times …
    const later = new Date(SPRING.getTime() + 200_000);
    expect(await freeHoursOn('2031-03-05', later)).toContain('10:00');
    // … but confirming asks the server about that hour first.
    expect((await bookAt(firmTime('2031-03-05T10:00'), later)).status).toBe('pending');
    expect((await bookAt(firmTime('2031-03-05T12:00'), later, 'noon@client.example')).status).toBe('confirmed');
  });

  it('Radicale stopped: the booking does not confirm, the error shows at once, and after 30 minutes the alert fires', async () => {
    await sync(SPRING);
    await radicale.stop();
    try {
      const later = new Date(SPRING.getTime() + 200_000);
      expect((await bookAt(firmTime('2031-03-05T10:00'), later)).status).toBe('pending');
      const [view] = await consultantCalendars(CONSULTANT, later);
      expect(view!.lastError).toBe(`The connection to ${radicale.hostPort} failed. Check the address, and that the server is running.`);
      expect(view!.failingSince).toEqual(later);
      // While it fails, the consultant's times are not offered either.
      expect(await freeHoursOn('2031-03-05', later)).toEqual([]);
      expect(await syncConnection(connectionId, new Date(later.getTime() + 10 * 60_000))).toMatchObject({ status: 'failed' });
      expect(await calendarsFailingFor(new Date(later.getTime() + 29 * 60_000))).toEqual([]);
      const failing = await calendarsFailingFor(new Date(later.getTime() + 30 * 60_000));
      expect(failing.map((f) => [f.connectionId, f.consultantName, f.failingSince])).toEqual([[connectionId, 'Margaret Okafor', later]]);
      // The `calendars` health check fails then, and raises the back half's alert (an incident and its email).
      expect((await runHealthChecks(new Date(later.getTime() + 29 * 60_000))).calendars.status).toBe('pass');
      const health = await runHealthChecks(new Date(later.getTime() + 30 * 60_000));
      expect(health.calendars).toEqual({
        status: 'fail',
        // Only the host: the detail is public, and a CalDAV address's path can name the account.
        detail: `Margaret Okafor's calendar (${radicale.hostPort}) has failed to sync for 30 minutes (at least 30): bookings for them are not confirmed automatically.`,
        since: later,
        count: 1,
      });
      const passing = { status: 'pass', detail: '', since: null, count: 0 } as const;
      const alerted = { jobRunner: passing, jobQueue: passing, unseenFailures: passing, mail: passing, calendars: health.calendars };
      expect(await reconcileIncidents(alerted, new Date(later.getTime() + 30 * 60_000))).toEqual([
        { check: 'calendars', change: 'opened', incidentId: expect.stringMatching(/^inc_/) },
      ]);
      const alert = await db.outboxMessage.findFirstOrThrow({ where: { kind: 'system-alert' }, orderBy: { createdAt: 'desc' } });
      expect(alert.subject).toBe(`[ALERT] Throughline Partners site: ${health.calendars.detail}`);
    } finally {
      await radicale.start();
    }
    await sync(new Date(SPRING.getTime() + 40 * 60_000));
    expect(await calendarsFailingFor(new Date(SPRING.getTime() + 49 * 60_000))).toEqual([]);
  });

  it('flags a calendar whose syncs stopped without failing as stale after two sync periods, on the page and in the alert', async () => {
    await sync(SPRING);
    const staleAt = new Date(SPRING.getTime() + 10 * 60_000); // 2 × CALENDAR_SYNC_MINUTES (5)
    const justBefore = new Date(staleAt.getTime() - 1000);
    expect((await consultantCalendars(CONSULTANT, justBefore)).map((view) => view.stale)).toEqual([false]);
    expect(await calendarsFailingFor(justBefore)).toEqual([]);
    expect((await runHealthChecks(justBefore)).calendars.status).toBe('pass');
    expect((await consultantCalendars(CONSULTANT, staleAt)).map((view) => [view.stale, view.lastError])).toEqual([[true, null]]);
    expect(await calendarsFailingFor(staleAt)).toEqual([
      {
        connectionId,
        consultantId: CONSULTANT,
        consultantName: 'Margaret Okafor',
        host: radicale.hostPort,
        reason: 'stale',
        failingSince: SPRING,
        lastError: null,
      },
    ]);
    expect((await runHealthChecks(new Date(SPRING.getTime() + 12 * 60_000))).calendars).toEqual({
      status: 'fail',
      detail: `Margaret Okafor's calendar (${radicale.hostPort}) has not synced for 12 minutes (syncs are due every 5): is the worker running?`,
      since: SPRING,
      count: 1,
    });
    // A sync that succeeds ends it.
    await sync(new Date(SPRING.getTime() + 12 * 60_000));
    expect(await calendarsFailingFor(new Date(SPRING.getTime() + 13 * 60_000))).toEqual([]);
    expect((await consultantCalendars(CONSULTANT, new Date(SPRING.getTime() + 13 * 60_000))).map((view) => view.stale)).toEqual([false]);
  });

  it('counts a calendar connected but never synced as stale two sync periods after it was connected', async () => {
    await db.calendarConnection.update({ where: { id: connectionId }, data: { lastSyncedAt: null, lastAttemptAt: null } });
    expect(await calendarsFailingFor(new Date(SPRING.getTime() + 10 * 60_000 - 1000))).toEqual([]);
    expect((await calendarsFailingFor(new Date(SPRING.getTime() + 10 * 60_000))).map((f) => [f.reason, f.failingSince])).toEqual([['stale', SPRING]]);
  });

  it('queues one sync per calendar per CALENDAR_SYNC_MINUTES', async () => {
    await sync(SPRING);
    await db.job.deleteMany({ where: { type: 'calendars.sync' } });
    expect(await enqueueDueCalendarSyncs(new Date(SPRING.getTime() + 60_000))).toBe(0);
    expect(await enqueueDueCalendarSyncs(new Date(SPRING.getTime() + 5 * 60_000))).toBe(1);
    expect(await enqueueDueCalendarSyncs(new Date(SPRING.getTime() + 5 * 60_000 + 1000))).toBe(1);
    expect(await db.job.count({ where: { type: 'calendars.sync' } })).toBe(1);
  });
});

describe('bookings written back', () => {
  it('a confirmed booking appears on the server with its attendee, moves on reschedule with its ETag, and disappears on cancel', async () => {
    await sync(SPRING);
    const booking = await bookAt(firmTime('2031-03-05T10:00'), SPRING);
    expect(booking.status).toBe('confirmed');
    expect(await db.job.count({ where: { type: 'calendars.write-booking', payload: { equals: { bookingId: booking.id } } } })).toBe(1);
    expect(await writeBookingToCalendar(booking.id, SPRING)).toBe('written');
    const events = await radicale.events(CALDAV_USER, 'work');
    const written = events[booking.id]!;
    expect(calendarFacts(written)).toMatchObject({
      dtstart: firmTime('2031-03-05T10:00').toISOString(),
      dtend: firmTime('2031-03-05T11:00').toISOString(),
      sequence: 0,
    });
    const vevent = new ICAL.Component(ICAL.parse(written)).getFirstSubcomponent('vevent')!;
    const attendee = vevent.getFirstProperty('attendee')!;
    expect([attendee.getFirstValue(), attendee.getParameter('cn'), attendee.getParameter('schedule-agent')]).toEqual([
      'mailto:visitor@client.example',
      'Sam Okoye',
      'CLIENT',
    ]);
    expect(vevent.getFirstPropertyValue('summary')).toBe('Consultation with Sam Okoye');
    expect(vevent.getFirstPropertyValue('url')).toBe(booking.meetingLink);
    expect(vevent.getFirstPropertyValue('description')).toBe(
      `Client: Sam Okoye <visitor@client.example>\nContext: Packaging line bottleneck\nMeeting link: ${booking.meetingLink}\nBooking: ${booking.id}`,
    );
    const firstEtag = (await db.bookingCalendarEvent.findUniqueOrThrow({ where: { bookingId: booking.id } })).etag;
    // Its own event does not make the consultant busy at its own time (the claim holds it).
    await sync(new Date(SPRING.getTime() + 60_000));
    expect(await writeBookingToCalendar(booking.id, SPRING)).toBe('unchanged');

    await rescheduleManagedBooking(booking.token, [firmTime('2031-03-05T10:30').toISOString()], SPRING);
    expect(await writeBookingToCalendar(booking.id, SPRING)).toBe('written');
    const moved = (await radicale.events(CALDAV_USER, 'work'))[booking.id]!;
    expect(calendarFacts(moved)).toMatchObject({ dtstart: firmTime('2031-03-05T10:30').toISOString(), sequence: 1 });
    expect((await db.bookingCalendarEvent.findUniqueOrThrow({ where: { bookingId: booking.id } })).etag).not.toBe(firstEtag);

    await cancelManagedBooking(booking.token, SPRING);
    expect(await writeBookingToCalendar(booking.id, SPRING)).toBe('deleted');
    expect(Object.keys(await radicale.events(CALDAV_USER, 'work'))).toEqual([]);
    expect(await db.bookingCalendarEvent.count({ where: { bookingId: booking.id } })).toBe(0);
  });
});
