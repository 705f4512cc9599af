import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { serveFeed, type FeedServer } from '../../../test-support/calendars/feed-server.mjs';
import type { RadicaleServer } from '../../../test-support/calendars/radicale-server.mjs';
import { icsCalendar, icsEvent, icsTimedEvent } from '../../../test-support/calendars/ics-text';
import { bookAt, CALDAV_PASSWORD, CALDAV_USER, firmTime, radicaleWithCalendars, SALES } from '../../../test-support/calendars/calendar-fixtures';
import { staffMember } from '../../../test-support/commitments';
import { setCalendarFetchDefaults } from '../../calendars/calendar-fetch';
import { confirmPendingBooking } from '../staff/inbox';
import { chooseCalendars, connectCaldavCalendar, connectFeedCalendar, consultantCalendars, disconnectCalendar } from './calendar-connections';
import { syncConnection } from './calendar-sync';

vi.hoisted(() => {
  process.env.CALENDAR_SECRET_KEY = 'dGVzdC1vbmx5LWNhbGVuZGFyLWtleS0zMi1ieXRlcyE=';
});

/*
 * What a connected calendar decides about a booking, on a pinned clock: the next consultant takes a booking when one
 * calendar cannot be reached, staff cannot confirm a pending booking into a busy or unreachable calendar, a calendar
 * without sync-collection is synced by its ETags, and a feed by conditional GETs until it cannot be reached.
 * Margaret Okafor (08:00–16:00) and Daniel Reyes (09:00–17:00) are the only active consultants; only Margaret has a calendar.
 */

const MARGARET = 'margaret-okafor';
const DANIEL = 'daniel-reyes';
/** Monday 3 March 2031, noon UTC. */
const SPRING = new Date('2031-03-03T12:00:00Z');
/** Past CALENDAR_MAX_STALENESS_S (120) after SPRING: a booking then reads the calendar again. */
const LATER = new Date(SPRING.getTime() + 200_000);
let radicale: RadicaleServer;
let feed: FeedServer;

beforeAll(async () => {
  feed = await serveFeed({ secret: 'feed-secret', ics: icsCalendar() });
  radicale = await radicaleWithCalendars([feed.hostPort]);
  await db.consultant.updateMany({ where: { id: { notIn: [MARGARET, DANIEL] } }, data: { active: false } });
  await db.consultant.updateMany({ where: { id: { in: [MARGARET, DANIEL] } }, data: { active: true } });
}, 30_000);

afterEach(async () => {
  for (const { id } of await db.calendarConnection.findMany({ where: { consultantId: MARGARET }, select: { id: true } })) await disconnectCalendar(SALES, id);
});

afterAll(async () => {
  setCalendarFetchDefaults({});
  await radicale?.remove();
  await feed?.close();
});

async function connectRadicale(): Promise<string> {
  const id = await connectCaldavCalendar(SALES, MARGARET, { serverUrl: radicale.origin, username: CALDAV_USER, password: CALDAV_PASSWORD }, SPRING);
  const work = radicale.calendarUrl(CALDAV_USER, 'work');
  await chooseCalendars(SALES, id, { busyUrls: [work], bookingUrl: work }, SPRING);
  expect(await syncConnection(id, SPRING)).toEqual({ status: 'synced' });
  return id;
}

const consultantOf = async (bookingId: string) => (await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).consultantId;
const busyOf = async (connectionId: string) =>
  (
    await db.calendarBusyInterval.findMany({
      where: { collectionId: { in: (await db.calendarCollection.findMany({ where: { connectionId }, select: { id: true } })).map((c) => c.id) } },
      select: { start: true, end: true },
      orderBy: { start: 'asc' },
    })
  ).map(({ start, end }) => [start.toISOString(), end.toISOString()]);

describe('a calendar that cannot be reached', () => {
  it('sends the booking to the next free consultant, and leaves it pending when there is none', async () => {
    await connectRadicale();
    const start = firmTime('2031-03-05T10:00');
    await radicale.stop();
    try {
      const first = await bookAt(start, LATER, 'first@client.example');
      expect([first.status, await consultantOf(first.id)]).toEqual(['confirmed', DANIEL]);
      // Daniel now holds 10:00; Margaret is free by her hours but her calendar does not answer.
      const second = await bookAt(start, LATER, 'second@client.example');
      expect([second.status, await consultantOf(second.id)]).toEqual(['pending', null]);
    } finally {
      await radicale.start();
    }
    const third = await bookAt(start, new Date(LATER.getTime() + 60_000), 'third@client.example');
    expect([third.status, await consultantOf(third.id)]).toEqual(['confirmed', MARGARET]);
  });
});

describe('staff confirming a pending booking', () => {
  it('is refused into a busy calendar (SLOT_UNAVAILABLE) and an unreachable one (CALENDAR_UNREACHABLE), and confirms into a free one', async () => {
    await radicale.putEvent(CALDAV_USER, 'work', 'visit', icsCalendar(icsTimedEvent('visit', firmTime('2031-03-06T11:00'), firmTime('2031-03-06T12:00'))));
    try {
      await connectRadicale();
      const staff = await staffMember('Sam Sales');
      // Daniel holds 11:00, Margaret's calendar is busy then: the visitor's request stays pending.
      expect((await bookAt(firmTime('2031-03-06T11:00'), SPRING, 'holder@client.example')).status).toBe('confirmed');
      const pending = await bookAt(firmTime('2031-03-06T11:00'), SPRING, 'waiting@client.example');
      expect(pending.status).toBe('pending');

      await expect(confirmPendingBooking(staff, pending.id, MARGARET, firmTime('2031-03-06T11:00'), SPRING)).rejects.toMatchObject({
        code: 'SLOT_UNAVAILABLE',
        message: "Margaret Okafor's calendar is busy at that time.",
      });
      await radicale.stop();
      try {
        await expect(confirmPendingBooking(staff, pending.id, MARGARET, firmTime('2031-03-06T13:00'), LATER)).rejects.toMatchObject({
          code: 'CALENDAR_UNREACHABLE',
          message: "Margaret Okafor's calendar cannot be read just now, so that time cannot be confirmed. Try again, or choose another consultant.",
        });
      } finally {
        await radicale.start();
      }
      expect((await db.booking.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe('pending');
      await confirmPendingBooking(staff, pending.id, MARGARET, firmTime('2031-03-06T13:00'), new Date(LATER.getTime() + 60_000));
      expect(await db.booking.findUniqueOrThrow({ where: { id: pending.id }, select: { status: true, consultantId: true, scheduledStart: true } })).toEqual({
        status: 'confirmed',
        consultantId: MARGARET,
        scheduledStart: firmTime('2031-03-06T13:00'),
      });
    } finally {
      await radicale.deleteEvent(CALDAV_USER, 'work', 'visit');
    }
  });
});

describe('a CalDAV calendar without sync-collection', () => {
  it('is synced by comparing ETags: a new event blocks, a changed one moves, a deleted one frees', async () => {
    const id = await connectRadicale();
    await db.calendarCollection.updateMany({ where: { connectionId: id }, data: { supportsSync: false, syncToken: null } });
    const put = (start: string, end: string) =>
      radicale.putEvent(CALDAV_USER, 'work', 'etag-visit', icsCalendar(icsTimedEvent('etag-visit', firmTime(start), firmTime(end))));
    await put('2031-03-07T09:00', '2031-03-07T10:00');
    expect(await syncConnection(id, SPRING)).toEqual({ status: 'synced' });
    expect(await busyOf(id)).toEqual([['2031-03-07T14:00:00.000Z', '2031-03-07T15:00:00.000Z']]);
    await put('2031-03-07T13:00', '2031-03-07T14:30');
    expect(await syncConnection(id, SPRING)).toEqual({ status: 'synced' });
    expect(await busyOf(id)).toEqual([['2031-03-07T18:00:00.000Z', '2031-03-07T19:30:00.000Z']]);
    await radicale.deleteEvent(CALDAV_USER, 'work', 'etag-visit');
    expect(await syncConnection(id, SPRING)).toEqual({ status: 'synced' });
    expect(await busyOf(id)).toEqual([]);
    // Still no sync token: every sync listed the ETags.
    expect(
      (await db.calendarCollection.findMany({ where: { connectionId: id }, select: { supportsSync: true, syncToken: true } })).every(
        (c) => !c.supportsSync && c.syncToken === null,
      ),
    ).toBe(true);
  });
});

describe('an iCalendar feed after it is connected', () => {
  it('places a series whose TZID has no VTIMEZONE (RFC 7809) with its UTC UNTIL and EXDATE on the right occurrences', async () => {
    feed.set(
      icsCalendar(
        icsEvent(
          'berlin-weekly',
          'DTSTART;TZID=Europe/Berlin:20310311T150000',
          'DTEND;TZID=Europe/Berlin:20310311T160000',
          // 1 April 15:00 Berlin summer time is 13:00Z, the last occurrence; 18 March 15:00 Berlin winter time is 14:00Z.
          'RRULE:FREQ=WEEKLY;UNTIL=20310401T130000Z',
          'EXDATE:20310318T140000Z',
        ),
      ),
    );
    const id = await connectFeedCalendar(SALES, MARGARET, feed.url, SPRING);
    expect(await busyOf(id)).toEqual([
      ['2031-03-11T14:00:00.000Z', '2031-03-11T15:00:00.000Z'],
      ['2031-03-25T14:00:00.000Z', '2031-03-25T15:00:00.000Z'],
      ['2031-04-01T13:00:00.000Z', '2031-04-01T14:00:00.000Z'],
    ]);
  });

  it('asks with its ETag (304 changes nothing), moves a changed event, and an unreachable feed leaves the booking pending', async () => {
    feed.set(icsCalendar(icsTimedEvent('feed-visit', firmTime('2031-03-10T09:00'), firmTime('2031-03-10T10:00'))));
    const id = await connectFeedCalendar(SALES, MARGARET, feed.url, SPRING);
    expect(await busyOf(id)).toEqual([['2031-03-10T13:00:00.000Z', '2031-03-10T14:00:00.000Z']]);
    const etag = (await db.calendarConnection.findUniqueOrThrow({ where: { id } })).feedEtag;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);

    const unchangedAt = new Date(SPRING.getTime() + 5 * 60_000);
    expect(await syncConnection(id, unchangedAt)).toEqual({ status: 'synced' });
    expect(feed.requests().at(-1)).toEqual({ path: '/feed-secret.ics', ifNoneMatch: etag });
    expect(await busyOf(id)).toEqual([['2031-03-10T13:00:00.000Z', '2031-03-10T14:00:00.000Z']]);
    expect((await db.calendarConnection.findUniqueOrThrow({ where: { id } })).lastSyncedAt).toEqual(unchangedAt);

    feed.set(icsCalendar(icsTimedEvent('feed-visit', firmTime('2031-03-10T14:00'), firmTime('2031-03-10T15:00'))));
    const changedAt = new Date(SPRING.getTime() + 10 * 60_000);
    expect(await syncConnection(id, changedAt)).toEqual({ status: 'synced' });
    expect(await busyOf(id)).toEqual([['2031-03-10T18:00:00.000Z', '2031-03-10T19:00:00.000Z']]);

    // The feed's server goes away: a booking that needs Margaret is not confirmed on the busy times it last had.
    await db.consultant.update({ where: { id: DANIEL }, data: { active: false } });
    await feed.close();
    const booked = await bookAt(firmTime('2031-03-10T10:00'), new Date(changedAt.getTime() + 200_000), 'feed@client.example');
    expect([booked.status, await consultantOf(booked.id)]).toEqual(['pending', null]);
    const [view] = await consultantCalendars(MARGARET, new Date(changedAt.getTime() + 200_000));
    expect(view!.lastError).toBe(`The connection to ${feed.hostPort} failed. Check the address, and that the server is running.`);
  });
});
