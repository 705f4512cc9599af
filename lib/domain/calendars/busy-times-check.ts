import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { busyIntervals } from '../../calendars/busy-times';
import { eventsInWindow } from '../../calendars/caldav-client';
import { claimKey, claimUnits } from '../scheduling/slot-claims';
import { caldavAccess, consultantZone, isOwnBookingUid } from './calendar-access';
import { recordCalendarFailure, syncConnection } from './calendar-sync';

/*
 * What the booking rules ask of calendars. Listing free slots reads the stored busy intervals (kept by the sync job);
 * confirming a consultant never trusts busy times older than CALENDAR_MAX_STALENESS_S: it asks the server about the
 * requested window first, and a calendar that cannot answer means "not this consultant".
 */

export type CalendarVerdict = 'free' | 'busy' | 'unreachable';

/**
 * Claim-unit keys ("consultant@epochMs") the consultants' calendars make busy in [from, to), for the free-slot search,
 * and every unit of the consultants whose calendar is failing: a time that cannot be confirmed is not offered.
 */
export async function calendarBusyUnits(window: { earliest: Date; latest: Date }): Promise<string[]> {
  const from = new Date(window.earliest.getTime() - 86_400_000);
  const to = new Date(window.latest.getTime() + 2 * 86_400_000);
  const [intervals, failing] = await Promise.all([
    db.calendarBusyInterval.findMany({
      where: { start: { lt: to }, end: { gt: from }, collectionId: { in: await busyCollectionIds() } },
      select: { consultantId: true, start: true, end: true },
    }),
    db.calendarConnection.findMany({ where: { failingSince: { not: null } }, select: { consultantId: true } }),
  ]);
  const keys: string[] = [];
  for (const { consultantId, start, end } of intervals) {
    for (const unit of claimUnits(start < from ? from : start, end > to ? to : end)) keys.push(claimKey(consultantId, unit));
  }
  for (const consultantId of new Set(failing.map((row) => row.consultantId))) {
    for (const unit of claimUnits(from, to)) keys.push(claimKey(consultantId, unit));
  }
  return keys;
}

async function busyCollectionIds(): Promise<string[]> {
  return (await db.calendarCollection.findMany({ where: { countsAsBusy: true }, select: { id: true } })).map((row) => row.id);
}

/** Simultaneous requests for the same consultant and window share one question to the server. */
const inFlight = new Map<string, Promise<CalendarVerdict>>();

type Connection = NonNullable<Awaited<ReturnType<typeof connectionsOf>>>[number];

function connectionsOf(consultantId: string) {
  return db.calendarConnection.findMany({ where: { consultantId }, include: { collections: { where: { countsAsBusy: true } } } });
}

function isFresh(connection: Connection, now: Date): boolean {
  const maxAgeMs = config().CALENDAR_MAX_STALENESS_S * 1000;
  return connection.failingSince === null && connection.lastSyncedAt !== null && now.getTime() - connection.lastSyncedAt.getTime() <= maxAgeMs;
}

async function storedOverlap(collectionIds: string[], start: Date, end: Date): Promise<boolean> {
  if (collectionIds.length === 0) return false;
  const found = await db.calendarBusyInterval.findFirst({
    where: { collectionId: { in: collectionIds }, start: { lt: end }, end: { gt: start } },
    select: { id: true },
  });
  return found !== null;
}

/** Asks a CalDAV server which events touch [start, end) right now; true when one of them makes the consultant busy. */
async function liveOverlap(connection: Connection, start: Date, end: Date): Promise<boolean> {
  const access = caldavAccess(connection);
  for (const collection of connection.collections) {
    const objects = await eventsInWindow(access, collection.url, { start, end });
    const intervals = busyIntervals(
      objects.map((object) => object.data),
      { from: start, to: end, zone: consultantZone(), ignoreUid: isOwnBookingUid },
    );
    if (intervals.length > 0) return true;
  }
  return false;
}

async function verdictOf(connection: Connection, start: Date, end: Date, now: Date): Promise<CalendarVerdict> {
  const collectionIds = connection.collections.map((collection) => collection.id);
  if (isFresh(connection, now)) return (await storedOverlap(collectionIds, start, end)) ? 'busy' : 'free';
  if (connection.kind === 'ics') {
    // A feed has no window query: read it again (a 304 when unchanged) and decide on what it holds now.
    const outcome = await syncConnection(connection.id, now);
    if (outcome.status !== 'synced') return 'unreachable';
    return (await storedOverlap(collectionIds, start, end)) ? 'busy' : 'free';
  }
  try {
    return (await liveOverlap(connection, start, end)) ? 'busy' : 'free';
  } catch (error) {
    await recordCalendarFailure(connection.id, error, now);
    return 'unreachable';
  }
}

/**
 * Whether the consultant's calendars leave [start, end) free, on data no older than CALENDAR_MAX_STALENESS_S at `now`.
 * A consultant without calendars is free; one calendar that cannot be asked makes the answer 'unreachable'.
 */
export async function calendarVerdict(consultantId: string, start: Date, end: Date, now: Date): Promise<CalendarVerdict> {
  const connections = await connectionsOf(consultantId);
  if (connections.length === 0) return 'free';
  const key = `${consultantId}|${start.getTime()}|${end.getTime()}`;
  const pending = inFlight.get(key);
  if (pending) return pending;
  const asked = (async () => {
    let verdict: CalendarVerdict = 'free';
    for (const connection of connections) {
      const one = await verdictOf(connection, start, end, now);
      if (one === 'unreachable') return one;
      if (one === 'busy') verdict = 'busy';
    }
    return verdict;
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, asked);
  return asked;
}
