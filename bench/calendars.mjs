#!/usr/bin/env node
// `npm run bench -- calendars` (issue 24), against a real Radicale (Debian's `radicale`) and the production build:
//   1. sync time of one CalDAV calendar with 2,000 events, 50 of them weekly series (with an EXDATE and a moved
//      occurrence each): the first sync (every object fetched, stored and expanded), a sync with nothing changed (the
//      sync token), a sync after one event changed; the same 2,000 events as an iCalendar feed (first read, then a 304);
//      beside their expansion alone with ical.js in this process (no network, no database), the peer;
//   2. what 5 connected calendars (one per consultant, 200 events each, 10 of them weekly series) add to GET /v1/availability and to a
//      booking, against the same server before they were connected. The server runs with CALENDAR_MAX_STALENESS_S=0,
//      so every booking asks its consultant's calendar about the requested hour (the worst case; with the default
//      120 s a booking within two minutes of the last sync reads the stored busy times only).
// Runs under tsx (it imports the domain for part 1). Radicale's storage is put on /dev/shm when there is one: its
// fsync per stored item is the disk's time, not the app's. BENCH_CALENDAR_REQUESTS (default 60) sets part 2's size;
// BENCH_CALENDAR_PART=1 or 2 runs one part.
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import { percentile, printTable } from '../test-support/bench-report.mjs';
import { serveFeed } from '../test-support/calendars/feed-server.mjs';
import { startRadicale } from '../test-support/calendars/radicale-server.mjs';
import { callServerAction } from '../test-support/http/server-actions.mjs';
import { createTestDatabase, startTestServer } from '../test-support/test-server.mjs';

const KEY = 'YmVuY2gtb25seS1jYWxlbmRhci1rZXktMzJieXRlcyE=';
const PASSWORD = 'bench-app-password';
const ZONE = 'America/New_York';
const REQUESTS = Number(process.env.BENCH_CALENDAR_REQUESTS ?? 60);
const folder = existsSync('/dev/shm') ? '/dev/shm' : undefined;

if (!existsSync('.next/BUILD_ID')) {
  console.error('No production build found: run `npm run build` first.');
  process.exit(1);
}

const stamp = (dt) => dt.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");
const local = (dt) => dt.toFormat("yyyyMMdd'T'HHmmss");

/**
 * 2,000 calendar objects around `now` (by default): 1,950 single events over 30 days back and 60 ahead (a third in Europe/Berlin
 * with its TZID, a tenth all-day, the rest UTC), and 50 weekly series begun up to a year ago, each with an EXDATE and a
 * moved occurrence (a RECURRENCE-ID override in the same object).
 */
function benchCalendar(now, prefix, { singles = 1950, series = 50 } = {}) {
  const start = DateTime.fromJSDate(now, { zone: ZONE }).startOf('day').minus({ days: 30 });
  const events = [];
  for (let i = 0; i < singles; i += 1) {
    const at = start.plus({ days: Math.floor((i * 90) / singles), hours: 7 + (i % 11) });
    const lines = [`UID:${prefix}-single-${i}@bench.example`, 'DTSTAMP:20300101T000000Z', `SUMMARY:Meeting ${i}`];
    if (i % 10 === 0) lines.push(`DTSTART;VALUE=DATE:${at.toFormat('yyyyMMdd')}`, `DTEND;VALUE=DATE:${at.plus({ days: 1 }).toFormat('yyyyMMdd')}`);
    else if (i % 3 === 0) {
      const berlin = at.setZone('Europe/Berlin');
      lines.push(`DTSTART;TZID=Europe/Berlin:${local(berlin)}`, `DTEND;TZID=Europe/Berlin:${local(berlin.plus({ minutes: 45 }))}`);
    } else lines.push(`DTSTART:${stamp(at)}`, `DTEND:${stamp(at.plus({ hours: 1 }))}`);
    events.push(['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n'));
  }
  for (let i = 0; i < series; i += 1) {
    const first = start.minus({ days: 7 * (i % 52) }).plus({ hours: 8 + (i % 8) });
    const weekAhead = first.plus({ weeks: Math.ceil(start.diff(first, 'weeks').weeks) + 6 });
    const uid = `${prefix}-series-${i}@bench.example`;
    events.push(
      [
        'BEGIN:VEVENT',
        `UID:${uid}`,
        'DTSTAMP:20300101T000000Z',
        `SUMMARY:Weekly ${i}`,
        `DTSTART:${stamp(first)}`,
        `DTEND:${stamp(first.plus({ minutes: 30 }))}`,
        i % 2 === 0 ? 'RRULE:FREQ=WEEKLY' : 'RRULE:FREQ=WEEKLY;COUNT=120',
        `EXDATE:${stamp(weekAhead)}`,
        'END:VEVENT',
      ].join('\r\n'),
      [
        'BEGIN:VEVENT',
        `UID:${uid}`,
        'DTSTAMP:20300101T000000Z',
        `RECURRENCE-ID:${stamp(weekAhead.plus({ weeks: 1 }))}`,
        `DTSTART:${stamp(weekAhead.plus({ weeks: 1, hours: 2 }))}`,
        `DTEND:${stamp(weekAhead.plus({ weeks: 1, hours: 2, minutes: 30 }))}`,
        'END:VEVENT',
      ].join('\r\n'),
    );
  }
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Throughline bench//EN', 'X-WR-CALNAME:Work', ...events, 'END:VCALENDAR', ''].join('\r\n');
}

async function timed(work) {
  const began = performance.now();
  const result = await work();
  return { ms: performance.now() - began, result };
}

const round = (ms) => `${ms.toFixed(0)} ms`;

/** Part 1, in this process on a database of its own. */
async function syncFigures() {
  const database = await createTestDatabase('toc-bench-');
  const radicale = await startRadicale({ users: { margaret: PASSWORD }, folder });
  const now = new Date();
  const ics = benchCalendar(now, 'one');
  const feed = await serveFeed({ secret: 'bench-feed', ics });
  Object.assign(process.env, {
    DATABASE_URL: database.databaseUrl,
    CALENDAR_SECRET_KEY: KEY,
    CALENDAR_ALLOWED_HOSTS: `${radicale.hostPort},${feed.hostPort}`,
  });
  try {
    await radicale.makeCalendar('margaret', 'work', 'Work');
    const upload = await timed(() => radicale.putCalendar('margaret', 'work', ics));
    console.log(`Radicale: 2,000 objects uploaded in ${round(upload.ms)} (storage in ${folder ?? 'the temporary folder'})`);
    const { connectCaldavCalendar, connectFeedCalendar, disconnectCalendar } = await import('../lib/domain/calendars/calendar-connections.ts');
    const { syncConnection } = await import('../lib/domain/calendars/calendar-sync.ts');
    const { busyIntervals } = await import('../lib/calendars/busy-times.ts');
    const { db } = await import('../lib/db/client.ts');
    const actor = { id: 'staff_bench', email: 'bench@throughline.example', displayName: 'Bench', role: 'sales' };
    const sync = async (id) => {
      const outcome = await syncConnection(id, now);
      if (outcome.status !== 'synced') throw new Error(`sync ${outcome.status}: ${outcome.error ?? ''}`);
    };

    const caldav = await connectCaldavCalendar(actor, 'margaret-okafor', { serverUrl: radicale.origin, username: 'margaret', password: PASSWORD }, now);
    const first = await timed(() => sync(caldav));
    const intervals = await db.calendarBusyInterval.count({ where: { consultantId: 'margaret-okafor' } });
    const unchanged = await timed(() => sync(caldav));
    const changedEvent = [
      'BEGIN:VEVENT',
      'UID:one-single-5@bench.example',
      'DTSTAMP:20300102T000000Z',
      `DTSTART:${stamp(DateTime.fromJSDate(now).plus({ days: 3 }))}`,
      `DTEND:${stamp(DateTime.fromJSDate(now).plus({ days: 3, hours: 1 }))}`,
      'END:VEVENT',
    ].join('\r\n');
    const names = Object.keys(await radicale.events('margaret', 'work'));
    const name = names.find((n) => n.includes('single-5@') || n.includes('single-5%40')) ?? names[5];
    await radicale.putEvent(
      'margaret',
      'work',
      name.replace(/\.ics$/, ''),
      ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//b//EN', changedEvent, 'END:VCALENDAR', ''].join('\r\n'),
    );
    const oneChanged = await timed(() => sync(caldav));
    await disconnectCalendar(actor, caldav);

    const feedConnect = await timed(() => connectFeedCalendar(actor, 'margaret-okafor', feed.url, now));
    const feedId = (await db.calendarConnection.findFirstOrThrow({ where: { kind: 'ics' } })).id;
    const feed304 = await timed(() => sync(feedId));
    await disconnectCalendar(actor, feedId);

    const objects = ics.split(/(?=BEGIN:VEVENT)/).length - 1;
    const window = { from: now, to: new Date(now.getTime() + 31 * 86_400_000), zone: ZONE };
    const expansion = await timed(async () => busyIntervals([ics], window));
    console.log(`\n1. One calendar of 2,000 objects (1,950 single events, 50 weekly series; ${objects} VEVENTs), ${intervals} busy intervals over the horizon`);
    printTable(
      ['sync', 'time', 'x expansion alone'],
      [
        ['CalDAV, first sync (all objects)', round(first.ms), (first.ms / expansion.ms).toFixed(1)],
        ['CalDAV, nothing changed (sync token)', round(unchanged.ms), (unchanged.ms / expansion.ms).toFixed(2)],
        ['CalDAV, one event changed', round(oneChanged.ms), (oneChanged.ms / expansion.ms).toFixed(1)],
        ['feed, connect (first read, ~1 MB)', round(feedConnect.ms), (feedConnect.ms / expansion.ms).toFixed(1)],
        ['feed, unchanged (304)', round(feed304.ms), (feed304.ms / expansion.ms).toFixed(2)],
        ['peer: ical.js expansion alone, in process', round(expansion.ms), '1.0'],
      ],
    );
    await db.$disconnect();
  } finally {
    await radicale.remove();
    await feed.close();
    await database.remove();
  }
}

/** n sequential timings of `request` (each must answer 200). */
async function latencies(n, request) {
  const times = [];
  for (let i = 0; i < n; i += 1) {
    const began = performance.now();
    const response = await request(i);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${body}`);
    times.push(performance.now() - began);
  }
  return times;
}

/** Part 2, through the production server. */
async function latencyFigures() {
  const seeded = JSON.parse(readFileSync('prisma/content/consultants.json', 'utf8')).map((c) => c.id);
  const userOf = (id) => id.split('-')[0];
  const radicale = await startRadicale({ users: Object.fromEntries(seeded.map((id) => [userOf(id), PASSWORD])), folder });
  const now = new Date();
  for (const id of seeded) {
    await radicale.makeCalendar(userOf(id), 'work', 'Work');
    await radicale.putCalendar(userOf(id), 'work', benchCalendar(now, userOf(id), { singles: 190, series: 10 }));
  }
  const server = await startTestServer({
    env: { CALENDAR_SECRET_KEY: KEY, CALENDAR_ALLOWED_HOSTS: radicale.hostPort, CALENDAR_MAX_STALENESS_S: '0' },
  });
  const { openTestSql } = await import('../test-support/test-sql.ts');
  const { staffCookie } = await import('../test-support/http/staff.ts');
  const sql = openTestSql(server.databaseUrl);
  try {
    const availability = () => fetch(`${server.baseUrl}/v1/availability`);
    // Each booking asks for its own hour (weekdays from 2 days out, 09:00 to 16:00 firm time, every other hour).
    const hours = [];
    for (let day = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 2 }); hours.length < 2 * REQUESTS + 20; day = day.plus({ days: 1 })) {
      if (day.weekday <= 5) for (let hour = 9; hour <= 16; hour += 1) hours.push(day.set({ hour }).toISO());
    }
    const book = (offset) => (i) =>
      fetch(`${server.baseUrl}/v1/availability/book`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bench Visitor',
          email: `bench${offset + i}@calendars.example`,
          context: 'Benchmark',
          preferredTimes: [hours[(offset + i) * 2 + 1]],
        }),
      });
    await latencies(10, availability); // warm-up
    await latencies(3, book(REQUESTS));
    const before = { availability: await latencies(REQUESTS, availability), booking: await latencies(REQUESTS / 2, book(0)) };

    const cookie = await staffCookie('sales', server.databaseUrl);
    const connected = await timed(async () => {
      for (const id of seeded) {
        const form = new FormData();
        form.set('serverUrl', radicale.origin);
        form.set('username', userOf(id));
        form.set('password', PASSWORD);
        const response = await callServerAction(server.baseUrl, {
          page: `/staff/content/consultants/${id}`,
          filename: 'app/staff/content/calendars/calendar-actions.ts',
          exportedName: 'connectCaldavAction',
          args: [id, {}, form],
          cookie,
        });
        if (!response.headers.get('x-action-redirect')) throw new Error(`connecting ${id} failed: ${await response.text()}`);
      }
      for (;;) {
        const { n } = await sql.get(`SELECT COUNT(*) AS n FROM "CalendarConnection" WHERE "lastSyncedAt" IS NOT NULL`);
        if (n === seeded.length) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    const failing = await sql.get(`SELECT COUNT(*) AS n FROM "CalendarConnection" WHERE "lastError" IS NOT NULL`);
    if (failing.n !== 0) throw new Error('a calendar failed to sync');
    const after = { availability: await latencies(REQUESTS, availability), booking: await latencies(REQUESTS / 2, book(REQUESTS / 2)) };
    const confirmed = await sql.get(`SELECT COUNT(*) AS n FROM "Booking" WHERE "email" LIKE '%@calendars.example' AND "status" = 'confirmed'`);

    console.log(`\n2. 5 calendars of 200 objects each: connected and first synced by the server in ${round(connected.ms)}`);
    console.log(`   sequential requests; ${confirmed.n} of ${REQUESTS + 3} bookings confirmed; CALENDAR_MAX_STALENESS_S=0`);
    const row = (what, a, b) => {
      const [p50a, p50b, p95a, p95b] = [percentile(a, 50), percentile(b, 50), percentile(a, 95), percentile(b, 95)];
      return [
        what,
        `${p50a.toFixed(1)} / ${p95a.toFixed(1)}`,
        `${p50b.toFixed(1)} / ${p95b.toFixed(1)}`,
        `+${(p50b - p50a).toFixed(1)}`,
        (p50b / p50a).toFixed(2),
      ];
    };
    printTable(
      ['request (p50 / p95 ms)', 'no calendars', '5 calendars', 'added p50 ms', 'ratio'],
      [
        row(`GET /v1/availability (${REQUESTS})`, before.availability, after.availability),
        row(`POST /v1/availability/book (${REQUESTS / 2})`, before.booking, after.booking),
      ],
    );
  } finally {
    await sql.close();
    await server.stop();
    await radicale.remove();
  }
}

console.log('Calendars (issue 24): Radicale on 127.0.0.1, shared machine; compare the ratios, not the absolute times.');
const part = process.env.BENCH_CALENDAR_PART; // 1 or 2: only that part
if (part !== '2') await syncFigures();
if (part !== '1') await latencyFigures();
