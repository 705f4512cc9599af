import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { calendarFetch, calendarUrl } from '../../calendars/calendar-fetch';
import { CalendarFetchError } from '../../calendars/calendar-fetch-error';
import { type DiscoveredCalendar, discoverCalendars } from '../../calendars/caldav-client';
import { busyIntervals } from '../../calendars/busy-times';
import { fetchFeed } from '../../calendars/ics-feed';
import { CalendarKeyMissing } from '../../calendars/secret-box';
import { DomainError, notFound } from '../../core/errors';
import { opaqueId } from '../../core/tokens';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import { consultantZone, expansionWindow, isOwnBookingUid, sealConnectionSecret } from './calendar-access';
import { expandCollection, FEED_OBJECT_HREF } from './calendar-sync';
import { isStaleCalendar } from './failing-calendars';

/*
 * Connecting, choosing and disconnecting a consultant's calendars (sales and admin, on the consultant's staff page).
 * Nothing is saved until the connection test passed: CalDAV discovery found the principal and its calendars, or the
 * feed answered with iCalendar. The secret is sealed at once and never leaves the server again.
 */

function connectionFailed(error: unknown): never {
  if (error instanceof CalendarFetchError) throw new DomainError('CALENDAR_CONNECTION_FAILED', error.message, { reason: error.code });
  if (error instanceof CalendarKeyMissing) throw new DomainError('CALENDAR_CONNECTION_FAILED', error.message, { reason: 'KEY_MISSING' });
  throw error;
}

async function requireConsultant(consultantId: string): Promise<void> {
  if (!(await db.consultant.findUnique({ where: { id: consultantId }, select: { id: true } }))) throw notFound('Consultant', consultantId);
}

function requireKey(): void {
  // Checked before any request: without the key the secret could not be stored, so the test would be for nothing.
  if (!config().CALENDAR_SECRET_KEY) connectionFailed(new CalendarKeyMissing());
}

/** The account's own calendars: ones it may write and has not subscribed to from elsewhere. */
function countsAsBusyAtFirst(calendar: DiscoveredCalendar): boolean {
  return calendar.writable && !calendar.subscribed;
}

function onlyWritable(calendars: readonly DiscoveredCalendar[]): DiscoveredCalendar | null {
  const writable = calendars.filter(countsAsBusyAtFirst);
  return writable.length === 1 ? writable[0]! : null;
}

export interface CaldavCredentials {
  serverUrl: string;
  username: string;
  password: string;
}

/**
 * Tests a CalDAV account and saves it. At first the account's own calendars count as busy, and calendars the user may
 * only read or has subscribed to (holidays, a colleague's calendar, birthdays) do not; a booking calendar is chosen
 * only when exactly one calendar can be written, so bookings never land silently in one of several (staff choose then,
 * and the page says no calendar receives bookings yet). Staff change both afterwards. Its first sync is queued with it.
 */
export async function connectCaldavCalendar(actor: StaffActor, consultantId: string, credentials: CaldavCredentials, now: Date): Promise<string> {
  await requireConsultant(consultantId);
  requireKey();
  if (!credentials.username.trim() || !credentials.password) {
    throw new DomainError('CALENDAR_CONNECTION_FAILED', 'Enter the user name and the app password.', { reason: 'MISSING_FIELDS' });
  }
  const discovery = await (async () => {
    const url = calendarUrl(credentials.serverUrl);
    return discoverCalendars({ serverUrl: url.href, username: credentials.username.trim(), password: credentials.password, fetch: calendarFetch() });
  })().catch(connectionFailed);
  const id = opaqueId('cal');
  const serverUrl = calendarUrl(credentials.serverUrl).href;
  await transactionWithJobs(async (tx, jobs) => {
    await tx.calendarConnection.create({
      data: {
        id,
        consultantId,
        kind: 'caldav',
        label: serverUrl,
        serverUrl,
        username: credentials.username.trim(),
        sealedSecret: sealConnectionSecret(id, credentials.password),
        principalUrl: discovery.principalUrl,
        bookingCalendarUrl: onlyWritable(discovery.calendars)?.url ?? null,
        createdById: actor.id,
        createdAt: now,
      },
    });
    await tx.calendarCollection.createMany({
      data: discovery.calendars.map((calendar) => ({
        id: opaqueId('calc'),
        connectionId: id,
        url: calendar.url,
        displayName: calendar.displayName,
        supportsSync: calendar.supportsSync,
        countsAsBusy: countsAsBusyAtFirst(calendar),
      })),
    });
    await recordAudit(
      tx,
      actor,
      'calendar.connect',
      { type: 'consultant', id: consultantId },
      { connectionId: id, kind: 'caldav', server: serverUrl, calendars: discovery.calendars.length },
    );
    await jobs.enqueue({ type: 'calendars.sync', payload: { connectionId: id }, runAt: now });
  });
  return id;
}

/** Tests a read-only iCalendar feed and saves it with what it held, expanded at once. Its address is sealed like a password. */
export async function connectFeedCalendar(actor: StaffActor, consultantId: string, feedUrl: string, now: Date): Promise<string> {
  await requireConsultant(consultantId);
  requireKey();
  const url = (() => {
    try {
      return calendarUrl(feedUrl);
    } catch (error) {
      return connectionFailed(error);
    }
  })();
  const fetched = await fetchFeed(calendarFetch(), url.href, { etag: null, lastModified: null }).catch(connectionFailed);
  if (fetched.notModified) throw new DomainError('CALENDAR_CONNECTION_FAILED', `${url.host} answered 304 to a first request.`);
  // Parsing now means a feed that is not iCalendar is refused before anything is stored.
  try {
    busyIntervals([fetched.ics], { ...expansionWindow(now), zone: consultantZone(), ignoreUid: isOwnBookingUid });
  } catch (error) {
    connectionFailed(error);
  }
  const id = opaqueId('cal');
  await transactionWithJobs(async (tx) => {
    await tx.calendarConnection.create({
      data: {
        id,
        consultantId,
        kind: 'ics',
        label: url.host,
        sealedSecret: sealConnectionSecret(id, url.href),
        createdById: actor.id,
        createdAt: now,
        lastSyncedAt: now,
        lastAttemptAt: now,
        feedEtag: fetched.etag,
        feedLastModified: fetched.lastModified,
      },
    });
    const collection = await tx.calendarCollection.create({
      data: { id: opaqueId('calc'), connectionId: id, url: FEED_OBJECT_HREF, displayName: `Feed from ${url.host}` },
    });
    await tx.calendarObject.create({ data: { collectionId: collection.id, href: FEED_OBJECT_HREF, etag: fetched.etag, data: fetched.ics } });
    await expandCollection(tx, collection, consultantId, now);
    await recordAudit(tx, actor, 'calendar.connect', { type: 'consultant', id: consultantId }, { connectionId: id, kind: 'ics', host: url.host });
  });
  return id;
}

/** Which calendars count as busy and which one receives bookings (one of them, or none). */
export async function chooseCalendars(
  actor: StaffActor,
  connectionId: string,
  choice: { busyUrls: string[]; bookingUrl: string | null },
  now: Date,
): Promise<void> {
  const connection = await db.calendarConnection.findUnique({ where: { id: connectionId }, include: { collections: true } });
  if (!connection) throw notFound('Calendar connection', connectionId);
  const urls = new Set(connection.collections.map((collection) => collection.url));
  if (choice.bookingUrl !== null && (connection.kind !== 'caldav' || !urls.has(choice.bookingUrl))) {
    throw new DomainError('CALENDAR_CONNECTION_FAILED', 'Bookings can only go to one of this account’s calendars.');
  }
  await transactionWithJobs(async (tx, jobs) => {
    for (const collection of connection.collections) {
      const countsAsBusy = choice.busyUrls.includes(collection.url);
      if (countsAsBusy === collection.countsAsBusy) continue;
      // A calendar that stops counting frees its busy times now; one that starts counting is read by the sync below.
      await tx.calendarCollection.update({ where: { id: collection.id }, data: { countsAsBusy, ...(countsAsBusy ? { expandedUntil: null } : {}) } });
      if (!countsAsBusy) await tx.calendarBusyInterval.deleteMany({ where: { collectionId: collection.id } });
    }
    await tx.calendarConnection.update({ where: { id: connectionId }, data: { bookingCalendarUrl: choice.bookingUrl } });
    await recordAudit(
      tx,
      actor,
      'calendar.choose',
      { type: 'consultant', id: connection.consultantId },
      { connectionId, busy: choice.busyUrls.length, booking: choice.bookingUrl !== null },
    );
    await jobs.enqueue({ type: 'calendars.sync', payload: { connectionId }, runAt: now });
  });
}

/** Queues a sync now (the staff page's Sync now). */
export async function requestCalendarSync(actor: StaffActor, connectionId: string, now: Date): Promise<void> {
  const connection = await db.calendarConnection.findUnique({ where: { id: connectionId }, select: { consultantId: true } });
  if (!connection) throw notFound('Calendar connection', connectionId);
  await transactionWithJobs(async (tx, jobs) => {
    await recordAudit(tx, actor, 'calendar.sync', { type: 'consultant', id: connection.consultantId }, { connectionId });
    await jobs.enqueue({ type: 'calendars.sync', payload: { connectionId }, runAt: now });
  });
}

/** Forgets a calendar: its secret, its objects and its busy times. Events already written into it stay there. */
export async function disconnectCalendar(actor: StaffActor, connectionId: string): Promise<void> {
  const connection = await db.calendarConnection.findUnique({ where: { id: connectionId }, include: { collections: { select: { id: true } } } });
  if (!connection) return;
  await db.$transaction(async (tx) => {
    await tx.calendarBusyInterval.deleteMany({ where: { collectionId: { in: connection.collections.map((collection) => collection.id) } } });
    await tx.calendarConnection.delete({ where: { id: connectionId } });
    await recordAudit(
      tx,
      actor,
      'calendar.disconnect',
      { type: 'consultant', id: connection.consultantId },
      { connectionId, kind: connection.kind, label: connection.label },
    );
  });
}

export interface CalendarConnectionView {
  id: string;
  kind: 'caldav' | 'ics';
  label: string;
  username: string | null;
  createdAt: Date;
  lastSyncedAt: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
  failingSince: Date | null;
  /** Not synced for two sync periods (see failing-calendars.ts): the busy times shown may be out of date. */
  stale: boolean;
  bookingCalendarUrl: string | null;
  calendars: { url: string; displayName: string; countsAsBusy: boolean; busyIntervals: number }[];
}

/** The consultant's calendars as the staff page shows them at `now`: never the secret, never a feed's address. */
export async function consultantCalendars(consultantId: string, now: Date): Promise<CalendarConnectionView[]> {
  const connections = await db.calendarConnection.findMany({
    where: { consultantId },
    include: { collections: { orderBy: { displayName: 'asc' } } },
    orderBy: { createdAt: 'asc' },
  });
  const counts = await db.calendarBusyInterval.groupBy({ by: ['collectionId'], where: { consultantId }, _count: { _all: true } });
  const countOf = new Map(counts.map((row) => [row.collectionId, row._count._all]));
  return connections.map((connection) => ({
    id: connection.id,
    kind: connection.kind as 'caldav' | 'ics',
    label: connection.label,
    username: connection.username,
    createdAt: connection.createdAt,
    lastSyncedAt: connection.lastSyncedAt,
    lastAttemptAt: connection.lastAttemptAt,
    lastError: connection.lastError,
    failingSince: connection.failingSince,
    stale: isStaleCalendar(connection, now),
    bookingCalendarUrl: connection.bookingCalendarUrl,
    calendars: connection.collections.map((collection) => ({
      url: collection.url,
      displayName: collection.displayName,
      countsAsBusy: collection.countsAsBusy,
      busyIntervals: countOf.get(collection.id) ?? 0,
    })),
  }));
}
