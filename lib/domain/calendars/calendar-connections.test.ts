import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { serveFeed, type FeedServer } from '../../../test-support/calendars/feed-server.mjs';
import { startRadicale, type RadicaleServer } from '../../../test-support/calendars/radicale-server.mjs';
import { icsCalendar, icsTimedEvent } from '../../../test-support/calendars/ics-text';
import { CALDAV_PASSWORD, CALDAV_USER, radicaleWithCalendars, SALES, TEST_CALENDAR_KEY } from '../../../test-support/calendars/calendar-fixtures';
import { setCalendarFetchDefaults } from '../../calendars/calendar-fetch';
import { chooseCalendars, connectCaldavCalendar, connectFeedCalendar, consultantCalendars, disconnectCalendar } from './calendar-connections';
import { connectionSecret } from './calendar-access';

vi.hoisted(() => {
  process.env.CALENDAR_SECRET_KEY = 'dGVzdC1vbmx5LWNhbGVuZGFyLWtleS0zMi1ieXRlcyE=';
});

const NOW = new Date('2031-03-03T12:00:00Z');
const CONSULTANT = 'margaret-okafor';
let radicale: RadicaleServer;
let feed: FeedServer;

beforeAll(async () => {
  expect(process.env.CALENDAR_SECRET_KEY).toBe(TEST_CALENDAR_KEY);
  feed = await serveFeed({
    secret: 'secret-feed-token',
    ics: icsCalendar(icsTimedEvent('visit', new Date('2031-03-05T15:00:00Z'), new Date('2031-03-05T16:00:00Z'))),
  });
  radicale = await radicaleWithCalendars([feed.hostPort]);
}, 30_000);

afterAll(async () => {
  setCalendarFetchDefaults({});
  await radicale?.remove();
  await feed?.close();
});

const connections = () => db.calendarConnection.count({ where: { consultantId: CONSULTANT } });
const caldav = (fields: Partial<{ serverUrl: string; username: string; password: string }> = {}) =>
  connectCaldavCalendar(SALES, CONSULTANT, { serverUrl: radicale.origin, username: CALDAV_USER, password: CALDAV_PASSWORD, ...fields }, NOW);

describe('connecting a CalDAV calendar', () => {
  it('discovers the principal and its calendars, seals the app password and queues the first sync', async () => {
    const id = await caldav();
    const row = await db.calendarConnection.findUniqueOrThrow({ where: { id }, include: { collections: { orderBy: { displayName: 'asc' } } } });
    expect(row).toMatchObject({ kind: 'caldav', serverUrl: `${radicale.origin}/`, username: CALDAV_USER, principalUrl: `${radicale.origin}/${CALDAV_USER}/` });
    expect(row.collections.map((c) => [c.displayName, c.url, c.countsAsBusy])).toEqual([
      ['Personal', radicale.calendarUrl(CALDAV_USER, 'personal'), true],
      ['Work', radicale.calendarUrl(CALDAV_USER, 'work'), true],
    ]);
    expect(row.collections.every((c) => c.supportsSync)).toBe(true);
    // Two calendars it may write: neither receives bookings until staff choose one.
    expect(row.bookingCalendarUrl).toBeNull();
    // Sealed: neither the password nor its base64 is in the row, and it opens only for this row.
    expect(row.sealedSecret).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(row)).not.toContain(CALDAV_PASSWORD);
    expect(JSON.stringify(row)).not.toContain(Buffer.from(CALDAV_PASSWORD).toString('base64'));
    expect(connectionSecret(row)).toBe(CALDAV_PASSWORD);
    expect(() => connectionSecret({ ...row, id: 'cal_other' })).toThrow('does not open with CALENDAR_SECRET_KEY');
    expect(await db.job.count({ where: { type: 'calendars.sync', payload: { equals: { connectionId: id } } } })).toBe(1);
    expect(await db.auditLog.count({ where: { action: 'calendar.connect', entityId: CONSULTANT } })).toBe(1);
    const [view] = await consultantCalendars(CONSULTANT, NOW);
    expect(JSON.stringify(view)).not.toContain(CALDAV_PASSWORD);
    await disconnectCalendar(SALES, id);
    expect(await connections()).toBe(0);
  });

  it.each([
    ['a wrong password', () => caldav({ password: 'not-the-app-password' }), 'WRONG_PASSWORD', 'refused the user name and app password'],
    ['a server that is not CalDAV', () => caldav({ serverUrl: feed.origin }), 'NOT_CALDAV', 'not as a CalDAV server'],
    ['a private address', () => caldav({ serverUrl: 'https://10.20.30.40/dav/' }), 'ADDRESS_REFUSED', 'private or internal network address'],
    ['a name that does not resolve', () => caldav({ serverUrl: 'https://calendar.invalid/' }), 'DNS_FAILED', 'does not resolve'],
    ['plain http to a public host', () => caldav({ serverUrl: 'http://caldav.example.com/' }), 'BAD_URL', 'must be reached over https://'],
    ['no address at all', () => caldav({ serverUrl: 'caldav at work' }), 'BAD_URL', 'not a complete address'],
  ])('refuses %s with a clear reason and saves nothing', async (_what, connect, reason, words) => {
    await expect(connect()).rejects.toMatchObject({ code: 'CALENDAR_CONNECTION_FAILED', details: { reason } });
    await expect(connect()).rejects.toThrow(words);
    expect(await connections()).toBe(0);
  });

  it('says that a server that is down could not be reached', async () => {
    await radicale.stop();
    try {
      await expect(caldav()).rejects.toMatchObject({ code: 'CALENDAR_CONNECTION_FAILED', details: { reason: 'CONNECTION_FAILED' } });
    } finally {
      await radicale.start();
    }
    expect(await connections()).toBe(0);
  });

  it('lets staff choose the busy calendars and the booking calendar, and frees what stops counting', async () => {
    const id = await caldav();
    const work = radicale.calendarUrl(CALDAV_USER, 'work');
    await chooseCalendars(SALES, id, { busyUrls: [work], bookingUrl: work }, NOW);
    const [view] = await consultantCalendars(CONSULTANT, NOW);
    expect(view!.bookingCalendarUrl).toBe(work);
    expect(view!.calendars.map((c) => [c.displayName, c.countsAsBusy])).toEqual([
      ['Personal', false],
      ['Work', true],
    ]);
    await expect(chooseCalendars(SALES, id, { busyUrls: [], bookingUrl: 'https://elsewhere.example/cal/' }, NOW)).rejects.toMatchObject({
      code: 'CALENDAR_CONNECTION_FAILED',
    });
    await disconnectCalendar(SALES, id);
  });
});

describe('the first choices of a CalDAV account', () => {
  it('counts only the calendars the user may write as busy, and sends bookings to the one it can write', async () => {
    const own = await startRadicale({ users: { solo: 'solo-app-password' } });
    try {
      await own.makeCalendar('solo', 'main', 'Main');
      await own.makeCalendar('solo', 'holidays', 'Holidays');
      own.makeReadOnly('solo', 'holidays');
      setCalendarFetchDefaults({ allowedHosts: [radicale.hostPort, feed.hostPort, own.hostPort] });
      const id = await connectCaldavCalendar(SALES, CONSULTANT, { serverUrl: own.origin, username: 'solo', password: 'solo-app-password' }, NOW);
      const row = await db.calendarConnection.findUniqueOrThrow({ where: { id }, include: { collections: { orderBy: { displayName: 'asc' } } } });
      expect(row.collections.map((c) => [c.displayName, c.countsAsBusy])).toEqual([
        ['Holidays', false],
        ['Main', true],
      ]);
      expect(row.bookingCalendarUrl).toBe(own.calendarUrl('solo', 'main'));
      await disconnectCalendar(SALES, id);
    } finally {
      setCalendarFetchDefaults({ allowedHosts: [radicale.hostPort, feed.hostPort] });
      await own.remove();
    }
  });
});

describe('connecting an iCalendar feed', () => {
  it('reads it at once, keeps its secret address sealed and shows only its host', async () => {
    const id = await connectFeedCalendar(SALES, CONSULTANT, feed.url, NOW);
    const row = await db.calendarConnection.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ kind: 'ics', label: feed.hostPort, serverUrl: null, lastSyncedAt: NOW, lastError: null });
    expect(JSON.stringify(row)).not.toContain('secret-feed-token');
    expect(connectionSecret(row)).toBe(feed.url);
    const intervals = await db.calendarBusyInterval.findMany({ where: { consultantId: CONSULTANT }, select: { start: true, end: true } });
    expect(intervals).toEqual([{ start: new Date('2031-03-05T15:00:00Z'), end: new Date('2031-03-05T16:00:00Z') }]);
    await disconnectCalendar(SALES, id);
    expect(await db.calendarBusyInterval.count({ where: { consultantId: CONSULTANT } })).toBe(0);
  });

  it.each([
    ['an address that is not there', () => `${feed.origin}/wrong.ics`, 'NOT_FOUND', 'has no calendar feed at that address'],
    ['a page that is not iCalendar', () => `${feed.origin}/secret-feed-token.ics`, 'NOT_ICALENDAR', 'did not send an iCalendar (.ics) feed at that address'],
  ])('refuses %s and saves nothing', async (what, url, reason, words) => {
    if (what.startsWith('a page')) feed.set('<html><body>Sign in</body></html>', 'text/html');
    try {
      const attempt = connectFeedCalendar(SALES, CONSULTANT, url(), NOW);
      await expect(attempt).rejects.toMatchObject({ code: 'CALENDAR_CONNECTION_FAILED', details: { reason } });
      await expect(attempt).rejects.toThrow(words);
    } finally {
      feed.set(icsCalendar(icsTimedEvent('visit', new Date('2031-03-05T15:00:00Z'), new Date('2031-03-05T16:00:00Z'))), 'text/calendar');
    }
    expect(await connections()).toBe(0);
  });
});

describe('start-up', () => {
  const checkKey = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'server/check-calendar-key.ts'], { env: { ...process.env, ...env }, encoding: 'utf8' });

  it('refuses to run without CALENDAR_SECRET_KEY once a calendar is connected, and not before', async () => {
    expect(checkKey({ CALENDAR_SECRET_KEY: '' }).status).toBe(0);
    const id = await connectFeedCalendar(SALES, CONSULTANT, feed.url, NOW);
    const refused = checkKey({ CALENDAR_SECRET_KEY: '' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('CALENDAR_SECRET_KEY is not set, but 1 consultant calendar(s) are connected');
    expect(checkKey({}).status).toBe(0);
    await disconnectCalendar(SALES, id);
  }, 30_000);
});
