import { readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CALENDAR_KEY } from '../../test-support/calendars/calendar-fixtures';
import { serveFeed, type FeedServer } from '../../test-support/calendars/feed-server.mjs';
import { icsCalendar, icsEvent, icsTimedEvent } from '../../test-support/calendars/ics-text';
import { startRadicale, type RadicaleServer } from '../../test-support/calendars/radicale-server.mjs';
import { overlappingConfirmedBookings } from '../../test-support/http/booking-checks';
import { callServerAction } from '../../test-support/http/server-actions.mjs';
import { staffCookie } from '../../test-support/http/staff';
import { activeConsultants, consultantsWorking, FIRM_ZONE, workingDay, type ConsultantRow } from '../../test-support/schedule';
import { eventually } from '../../test-support/eventually';
import { openTestSql, type TestSql } from '../../test-support/test-sql';
import { startTestServer } from '../../test-support/test-server.mjs';

/*
 * Consultants' calendars through the real server: connected by the staff action against a real Radicale, synced by the
 * server's own job runner on the real clock (so every event here is placed relative to now), read by /v1/availability
 * and the booking rules, and the private subscription feed. Its own server, because the calendar settings are start-up
 * settings; on PostgreSQL too under `npm run test:pg`.
 */

const ACTIONS = 'app/staff/content/calendars/calendar-actions.ts';
const PASSWORD = 'radicale-app-password';
let radicale: RadicaleServer;
let feed: FeedServer;
let server: Awaited<ReturnType<typeof startTestServer>>;
let sql: TestSql;
let consultants: ConsultantRow[];
let cookie: string;

const userOf = (consultantId: string) => consultantId.split('-')[0]!;
const pageOf = (consultantId: string) => `/staff/content/consultants/${consultantId}`;

function connect(consultantId: string, fields: { serverUrl?: string; username?: string; password?: string } = {}, as = cookie) {
  const form = new FormData();
  form.set('serverUrl', fields.serverUrl ?? radicale.origin);
  form.set('username', fields.username ?? userOf(consultantId));
  form.set('password', fields.password ?? PASSWORD);
  return callServerAction(server.baseUrl, {
    page: pageOf(consultantId),
    filename: ACTIONS,
    exportedName: 'connectCaldavAction',
    args: [consultantId, {}, form],
    cookie: as,
  });
}

const post = (path: string, body: unknown) =>
  fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const syncedConnections = async () =>
  (await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "CalendarConnection" WHERE "lastSyncedAt" IS NOT NULL AND "lastError" IS NULL`))!.n;

beforeAll(async () => {
  feed = await serveFeed({ secret: 'feed-secret' });
  // One Radicale user per consultant of the seed content, each with a "Work" calendar.
  const seeded = JSON.parse(readFileSync('prisma/content/consultants.json', 'utf8')) as { id: string }[];
  radicale = await startRadicale({ users: Object.fromEntries(seeded.map((c) => [userOf(c.id), PASSWORD])) });
  for (const c of seeded) await radicale.makeCalendar(userOf(c.id), 'work', 'Work');
  server = await startTestServer({
    env: {
      CALENDAR_SECRET_KEY: TEST_CALENDAR_KEY,
      CALENDAR_ALLOWED_HOSTS: `${radicale.hostPort},${feed.hostPort}`,
      // Every confirmation asks the calendar about its window: the race below runs through the freshness rule.
      CALENDAR_MAX_STALENESS_S: '0',
    },
  });
  sql = openTestSql(server.databaseUrl);
  consultants = await activeConsultants(sql);
  cookie = await staffCookie('sales', server.databaseUrl);
}, 240_000);

afterAll(async () => {
  if (process.env.CALENDAR_TEST_DUMP) (await import('node:fs')).writeFileSync(process.env.CALENDAR_TEST_DUMP, server?.output() ?? '');
  await sql?.close();
  await server?.stop();
  await radicale?.remove();
  await feed?.close();
});

describe('connecting on the consultant page', () => {
  it('refuses a wrong password in the form, saving nothing, and never sends the password back', async () => {
    const [first] = consultants;
    const response = await connect(first!.id, { password: 'wrong-app-password' });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain(`${radicale.hostPort} refused the user name and app password (HTTP 401)`);
    expect(body).not.toContain('wrong-app-password');
    expect(await sql.get(`SELECT COUNT(*) AS n FROM "CalendarConnection"`)).toEqual({ n: 0 });
  });

  it('refuses a marketing account the consultant page and the calendar actions, saving nothing', async () => {
    const marketing = await staffCookie('marketing', server.databaseUrl);
    const [first] = consultants;
    expect((await fetch(`${server.baseUrl}${pageOf(first!.id)}`, { headers: { cookie: marketing }, redirect: 'manual' })).status).toBe(403);
    const form = new FormData();
    form.set('feedUrl', feed.url);
    const attempts = [
      await connect(first!.id, {}, marketing),
      await callServerAction(server.baseUrl, {
        page: pageOf(first!.id),
        filename: ACTIONS,
        exportedName: 'connectFeedAction',
        args: [first!.id, {}, form],
        cookie: marketing,
      }),
    ];
    expect(attempts.map((response) => response.status)).toEqual([403, 403]);
    expect(await sql.get(`SELECT COUNT(*) AS n FROM "CalendarConnection"`)).toEqual({ n: 0 });
    expect(feed.requests()).toEqual([]);
  });

  it('connects every consultant, and the server syncs each at once', async () => {
    for (const c of consultants) {
      const response = await connect(c.id);
      expect(response.headers.get('x-action-redirect')).toBe(`${pageOf(c.id)}?done=calendar-connected;push`);
    }
    await eventually(syncedConnections, (n) => n === consultants.length, 'every calendar synced');
    const page = await staffPage(consultants[0]!.id);
    expect(page).toContain(`CalDAV: ${radicale.origin}/ (${userOf(consultants[0]!.id)})`);
    expect(page).toMatch(/Last sync: [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    // One calendar the user can write: it receives bookings without a choice, and nothing is stale.
    expect(page).not.toContain('No calendar receives bookings yet');
    expect(page).not.toContain('Stale:');
    // The last attempt was the last sync: it is not named twice (the page once compared the two Dates by identity).
    expect(page).not.toContain('last attempt');
    expect(page).not.toContain(PASSWORD);
  });
});

describe('busy times in availability and booking', () => {
  it('GET /v1/availability skips days every consultant is busy all day', async () => {
    const before = (await (await fetch(`${server.baseUrl}/v1/availability`)).json()) as { nextAvailableDate: string };
    const first = DateTime.fromISO(before.nextAvailableDate, { zone: FIRM_ZONE });
    const until = first.plus({ days: 3 });
    const allDay = icsEvent('offsite', `DTSTART;VALUE=DATE:${first.toFormat('yyyyMMdd')}`, `DTEND;VALUE=DATE:${until.toFormat('yyyyMMdd')}`);
    for (const c of consultants) await radicale.putEvent(userOf(c.id), 'work', 'offsite', icsCalendar(allDay));
    await syncEveryCalendar();
    const after = (await (await fetch(`${server.baseUrl}/v1/availability`)).json()) as { nextAvailableDate: string; available: boolean };
    expect(after.available).toBe(true);
    expect(DateTime.fromISO(after.nextAvailableDate, { zone: FIRM_ZONE }) >= until).toBe(true);
    for (const c of consultants) await radicale.deleteEvent(userOf(c.id), 'work', 'offsite');
    await syncEveryCalendar();
    expect(((await (await fetch(`${server.baseUrl}/v1/availability`)).json()) as { nextAvailableDate: string }).nextAvailableDate).toBe(
      before.nextAvailableDate,
    );
  });

  it('30 simultaneous bookings of one time with calendars connected: busy consultants are never confirmed, no overlap, all stored', async () => {
    const start = workingDay(consultants, 8).set({ hour: 13 });
    const free = consultantsWorking(consultants, start, 60, 'implementation-support');
    expect(free.length).toBeGreaterThan(1);
    // One of them has a client visit then, added on the server just now (after the last sync).
    const busy = free[0]!;
    await radicale.putEvent(userOf(busy), 'work', 'visit', icsCalendar(icsTimedEvent('visit', start.toJSDate(), start.plus({ hours: 1 }).toJSDate())));
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post('/v1/availability/book', {
          name: 'Sam Okoye',
          email: `buyer${i}@calendars.example`,
          context: 'Packaging line bottleneck',
          preferredTimes: [start.toISO()],
          serviceType: 'implementation-support',
        }),
      ),
    );
    const bodies = await Promise.all(responses.map(async (response) => `${response.status} ${await response.text()}`));
    expect(bodies.filter((body) => !body.startsWith('200 '))).toEqual([]);
    const statuses = bodies.map((body) => (JSON.parse(body.slice(4)) as { status: string }).status);
    const confirmed = await sql.all<{ consultantId: string }>(
      `SELECT "consultantId" FROM "Booking" WHERE "email" LIKE '%@calendars.example' AND "status" = 'confirmed'`,
    );
    expect(statuses.filter((status) => status === 'confirmed')).toHaveLength(confirmed.length);
    expect(confirmed.length).toBe(free.length - 1);
    expect(confirmed.map((row) => row.consultantId)).not.toContain(busy);
    expect(await sql.get(`SELECT COUNT(*) AS n FROM "Booking" WHERE "email" LIKE '%@calendars.example'`)).toEqual({ n: 30 });
    expect(await overlappingConfirmedBookings(sql)).toBe(0);
    // Each confirmed booking is written into its consultant's calendar by the job runner.
    for (const { consultantId } of confirmed) {
      await eventually(
        async () => Object.values(await radicale.events(userOf(consultantId), 'work')).filter((ics) => ics.includes('Consultation with Sam Okoye')).length,
        (n) => n === 1,
        `the booking in ${consultantId}'s calendar`,
      );
    }
    await radicale.deleteEvent(userOf(busy), 'work', 'visit');
  });
});

describe('a calendar that fails', () => {
  it('shows the server error on the consultant page at once, and bookings for that consultant stay pending', async () => {
    const start = workingDay(consultants, 12).set({ hour: 10 });
    const target = consultants.find((c) => consultantsWorking([c], start, 60).length === 1)!;
    await radicale.stop();
    try {
      // Every calendar is down: whoever works then, the booking is not confirmed on busy times it cannot check.
      const booked = await post('/v1/availability/book', {
        name: 'Sam Okoye',
        email: 'outage@calendars.example',
        context: 'Packaging line',
        preferredTimes: [start.toISO()],
      });
      expect(booked.status).toBe(200);
      expect(((await booked.json()) as { status: string }).status).toBe('pending');
      const sync = await callServerAction(server.baseUrl, {
        page: pageOf(target.id),
        filename: ACTIONS,
        exportedName: 'syncCalendarAction',
        args: [target.id, await connectionOf(target.id)],
        cookie,
      });
      expect(sync.headers.get('x-action-redirect')).toBe(`${pageOf(target.id)}?done=calendar-sync;push`);
      await eventually(
        () => lastErrorOf(target.id),
        (error) => error !== null,
        'the failed sync recorded',
      );
      const page = await staffPage(target.id);
      expect(page).toContain(`The connection to ${radicale.hostPort} failed. Check the address, and that the server is running.`);
      expect(page).toContain('Sync failing since');
      expect(page).toMatch(/Last sync: [A-Z][a-z]{2} \d{1,2}, \d{4}[^<]*· last attempt [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    } finally {
      await radicale.start();
    }
  });
});

describe('the private subscription feed', () => {
  it('lists the consultant’s confirmed bookings at /calendars/{secret}.ics until revoked; unknown addresses get one 404', async () => {
    const consultantId = consultants[0]!.id;
    const made = await callServerAction(server.baseUrl, {
      page: pageOf(consultantId),
      filename: ACTIONS,
      exportedName: 'createSubscriptionAction',
      args: [consultantId, {}],
      cookie,
    });
    const address = new RegExp(`${server.baseUrl}/calendars/([A-Za-z0-9_-]{43})\\.ics`).exec(await made.text())![0];
    const answer = await fetch(address);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('referrer-policy')).toBe('same-origin');
    const ics = await answer.text();
    expect(ics).toContain(`X-WR-CALNAME:Consultations: `);
    const bookings = await sql.all(`SELECT "id" FROM "Booking" WHERE "consultantId" = ? AND "status" = 'confirmed'`, consultantId);
    expect(ics.match(/BEGIN:VEVENT/g) ?? []).toHaveLength(bookings.length);
    const unknown = await fetch(`${server.baseUrl}/calendars/${'A'.repeat(43)}.ics`);
    expect([unknown.status, await unknown.text()]).toEqual([404, 'Not found\n']);
    const revoked = await callServerAction(server.baseUrl, {
      page: pageOf(consultantId),
      filename: ACTIONS,
      exportedName: 'revokeSubscriptionAction',
      args: [consultantId],
      cookie,
    });
    expect(revoked.headers.get('x-action-redirect')).toBe(`${pageOf(consultantId)}?done=calendar-subscription-revoked;push`);
    const gone = await fetch(address);
    expect([gone.status, await gone.text()]).toEqual([404, 'Not found\n']);
  });
});

/** The consultant's staff page as text (React's <!-- --> markers between text parts taken out). */
async function staffPage(consultantId: string): Promise<string> {
  return (await (await fetch(`${server.baseUrl}${pageOf(consultantId)}`, { headers: { cookie } })).text()).replaceAll('<!-- -->', '');
}

async function connectionOf(consultantId: string): Promise<string> {
  return (await sql.get<{ id: string }>(`SELECT "id" FROM "CalendarConnection" WHERE "consultantId" = ?`, consultantId))!.id;
}

async function lastErrorOf(consultantId: string): Promise<string | null> {
  return (await sql.get<{ lastError: string | null }>(`SELECT "lastError" FROM "CalendarConnection" WHERE "consultantId" = ?`, consultantId))!.lastError;
}

/** Asks the server to sync every calendar (Sync now) and waits until each sync has run. */
async function syncEveryCalendar(): Promise<void> {
  const marker = new Date();
  for (const c of consultants) {
    await callServerAction(server.baseUrl, {
      page: pageOf(c.id),
      filename: ACTIONS,
      exportedName: 'syncCalendarAction',
      args: [c.id, await connectionOf(c.id)],
      cookie,
    });
  }
  await eventually(
    async () => (await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "CalendarConnection" WHERE "lastSyncedAt" >= ?`, marker))!.n,
    (n) => n === consultants.length,
    'every calendar synced again',
  );
}
