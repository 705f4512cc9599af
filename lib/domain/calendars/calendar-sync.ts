import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { CalendarCollection, CalendarConnection, Prisma } from '@/lib/generated/prisma/client';
import { busyIntervals } from '../../calendars/busy-times';
import { calendarFetch } from '../../calendars/calendar-fetch';
import { CalendarFetchError } from '../../calendars/calendar-fetch-error';
import type { CaldavAccess } from '../../calendars/caldav-client';
import { changesSince, fetchEvents, listEventVersions } from '../../calendars/caldav-client';
import { fetchFeed } from '../../calendars/ics-feed';
import { caldavAccess, connectionSecret, consultantZone, expansionWindow, isOwnBookingUid } from './calendar-access';

/*
 * A sync reads what changed on the server (a sync token, else every ETag; a feed by a conditional GET), stores the
 * changed objects, and expands the busy collections' objects into busy intervals over the booking horizon. Success
 * clears the error; a failure keeps the busy times of the last good sync, records the server's error for the staff
 * page at once, and starts (or continues) the run of failures the 30-minute alert watches.
 */

type Tx = Prisma.TransactionClient;
type ConnectionWithCollections = CalendarConnection & { collections: CalendarCollection[] };

/** The href under which a feed's whole text is kept. */
export const FEED_OBJECT_HREF = 'feed';

/** What the staff page shows of an error: the CalendarFetchError's sentence, or a generic one (never a stack or a secret). */
export function describeCalendarError(error: unknown): string {
  if (error instanceof CalendarFetchError) return error.message;
  if (error instanceof Error && /CALENDAR_SECRET_KEY/.test(error.message)) return error.message;
  return 'The calendar could not be read (an unexpected error; see the server log).';
}

interface ObjectChanges {
  upserts: { href: string; etag: string | null; data: string }[];
  removed: string[];
  syncToken?: string | null;
}

/** Changes of one CalDAV calendar since the last sync: by sync token where the server has them, else by comparing ETags. */
async function caldavChanges(access: CaldavAccess, collection: CalendarCollection): Promise<ObjectChanges> {
  const known = new Map(
    (await db.calendarObject.findMany({ where: { collectionId: collection.id }, select: { href: true, etag: true } })).map((o) => [o.href, o.etag]),
  );
  if (collection.supportsSync) {
    const result = await changesSince(access, collection.url, collection.syncToken);
    if (!('tokenRefused' in result)) {
      const wanted = [...result.changed].filter(([href, etag]) => etag === null || known.get(href) !== etag).map(([href]) => href);
      return {
        upserts: await fetchEvents(access, collection.url, wanted),
        removed: result.removed.filter((href) => known.has(href)),
        syncToken: result.syncToken,
      };
    }
  }
  const versions = await listEventVersions(access, collection.url);
  const wanted = [...versions].filter(([href, etag]) => etag === null || known.get(href) !== etag).map(([href]) => href);
  const removed = [...known.keys()].filter((href) => !versions.has(href));
  return { upserts: await fetchEvents(access, collection.url, wanted), removed, syncToken: null };
}

async function storeChanges(tx: Tx, collection: CalendarCollection, changes: ObjectChanges): Promise<void> {
  if (changes.removed.length) await tx.calendarObject.deleteMany({ where: { collectionId: collection.id, href: { in: changes.removed } } });
  for (const object of changes.upserts) {
    const data = { etag: object.etag, data: object.data };
    await tx.calendarObject.upsert({
      where: { collectionId_href: { collectionId: collection.id, href: object.href } },
      create: { collectionId: collection.id, href: object.href, ...data },
      update: data,
    });
  }
  if (changes.syncToken !== undefined) await tx.calendarCollection.update({ where: { id: collection.id }, data: { syncToken: changes.syncToken } });
}

/** Replaces a collection's busy intervals with its objects expanded over the horizon from `now`. */
export async function expandCollection(tx: Tx, collection: CalendarCollection, consultantId: string, now: Date): Promise<number> {
  const window = expansionWindow(now);
  const objects = await tx.calendarObject.findMany({ where: { collectionId: collection.id }, select: { data: true } });
  const intervals = collection.countsAsBusy
    ? busyIntervals(
        objects.map((object) => object.data),
        { ...window, zone: consultantZone(), ignoreUid: isOwnBookingUid },
      )
    : [];
  await tx.calendarBusyInterval.deleteMany({ where: { collectionId: collection.id } });
  if (intervals.length) {
    await tx.calendarBusyInterval.createMany({ data: intervals.map(({ start, end }) => ({ consultantId, collectionId: collection.id, start, end })) });
  }
  await tx.calendarCollection.update({ where: { id: collection.id }, data: { expandedUntil: window.to } });
  return intervals.length;
}

/** Whether the stored expansion no longer reaches a day past the horizon (the window moves on with the clock). */
function expansionOutdated(collection: CalendarCollection, now: Date): boolean {
  const needed = now.getTime() + (config().BOOKING_HORIZON_DAYS + 1) * 86_400_000;
  return !collection.expandedUntil || collection.expandedUntil.getTime() < needed;
}

async function readConnection(connectionId: string): Promise<ConnectionWithCollections | null> {
  return db.calendarConnection.findUnique({ where: { id: connectionId }, include: { collections: { orderBy: { displayName: 'asc' } } } });
}

async function syncFeed(connection: ConnectionWithCollections, now: Date): Promise<void> {
  const collection = connection.collections[0]!;
  const fetched = await fetchFeed(calendarFetch(), connectionSecret(connection), { etag: connection.feedEtag, lastModified: connection.feedLastModified });
  if (fetched.notModified && !expansionOutdated(collection, now)) return;
  await db.$transaction(async (tx) => {
    if (!fetched.notModified) {
      await storeChanges(tx, collection, { upserts: [{ href: FEED_OBJECT_HREF, etag: fetched.etag, data: fetched.ics }], removed: [] });
      await tx.calendarConnection.update({ where: { id: connection.id }, data: { feedEtag: fetched.etag, feedLastModified: fetched.lastModified } });
    }
    await expandCollection(tx, collection, connection.consultantId, now);
  });
}

async function syncCaldav(connection: ConnectionWithCollections, now: Date): Promise<void> {
  const access = caldavAccess(connection);
  for (const collection of connection.collections.filter((c) => c.countsAsBusy)) {
    const changes = await caldavChanges(access, collection);
    const changed = changes.upserts.length > 0 || changes.removed.length > 0;
    await db.$transaction(async (tx) => {
      await storeChanges(tx, collection, changes);
      if (changed || expansionOutdated(collection, now)) await expandCollection(tx, collection, connection.consultantId, now);
    });
  }
}

/** Records a failed sync or check: the message at once, and since when it has been failing. */
export async function recordCalendarFailure(connectionId: string, error: unknown, now: Date): Promise<void> {
  const lastError = describeCalendarError(error);
  await db.calendarConnection.updateMany({ where: { id: connectionId, failingSince: null }, data: { failingSince: now } });
  await db.calendarConnection.updateMany({ where: { id: connectionId }, data: { lastError, lastAttemptAt: now } });
}

export type SyncOutcome = { status: 'synced' } | { status: 'failed'; error: string } | { status: 'gone' };

/**
 * Syncs one connection. A failure is recorded, not thrown: the next period's sync is the retry, and a calendar that
 * stays down shows on the staff page and in the alert, not as a pile of dead jobs.
 */
export async function syncConnection(connectionId: string, now: Date): Promise<SyncOutcome> {
  const connection = await readConnection(connectionId);
  if (!connection) return { status: 'gone' };
  try {
    if (connection.kind === 'ics') await syncFeed(connection, now);
    else await syncCaldav(connection, now);
  } catch (error) {
    await recordCalendarFailure(connectionId, error, now);
    return { status: 'failed', error: describeCalendarError(error) };
  }
  await db.calendarConnection.updateMany({ where: { id: connectionId }, data: { lastSyncedAt: now, lastAttemptAt: now, lastError: null, failingSince: null } });
  return { status: 'synced' };
}
