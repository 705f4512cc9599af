import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { CalendarFetchError } from './calendar-fetch-error';
import { withUndefinedTzidsRegistered } from './tzid-zones';

/*
 * Busy times from iCalendar text, with the failures cal.com's users reported as the test list: recurring events
 * expanded (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides), all-day events blocking the whole day in the consultant's
 * zone, TRANSP:TRANSPARENT and STATUS:CANCELLED not blocking, and every kind of time placed on the right instant:
 * UTC, a TZID (an IANA name, or a VTIMEZONE in the object such as Outlook's "W. Europe Standard Time"; a TZID with no
 * VTIMEZONE is given a real zone while expanding, see tzid-zones.ts, and one naming no zone reads as the consultant's),
 * and floating times, which mean the consultant's own wall clock.
 */

export interface BusyInterval {
  start: Date;
  end: Date;
  uid: string;
}

export interface ExpandOptions {
  /** Intervals overlapping [from, to) are returned. */
  from: Date;
  to: Date;
  /** The consultant's zone: all-day events and floating times are read in it. */
  zone: string;
  /** Events that are not the consultant's own appointments (the bookings this site wrote into the calendar). */
  ignoreUid?: (uid: string) => boolean;
}

/** A series that started long ago is walked from its start; this many occurrences is decades of a daily meeting. */
const MAX_OCCURRENCES = 50_000;
const DAY_MS = 86_400_000;

type Zones = Map<string, ICAL.Timezone>;

const ianaNames = new Map<string, string | null>();

/** An IANA zone luxon knows, for a TZID as written (some clients prefix it with a path, e.g. /mozilla.org/…/Europe/Berlin). */
function ianaZone(tzid: string): string | null {
  let known = ianaNames.get(tzid);
  if (known === undefined) {
    known = findIanaZone(tzid);
    if (ianaNames.size < 1000) ianaNames.set(tzid, known);
  }
  return known;
}

function findIanaZone(tzid: string): string | null {
  const parts = tzid.split('/').filter(Boolean);
  for (let take = Math.min(3, parts.length); take >= 1; take -= 1) {
    const name = parts.slice(-take).join('/');
    if (DateTime.local({ zone: name }).isValid) return name;
  }
  return null;
}

function wallClock(time: ICAL.Time, zone: string): Date {
  return DateTime.fromObject(
    { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second },
    { zone },
  ).toJSDate();
}

/**
 * The instant an iCalendar time stands for. `tzid` is the TZID of the property it came from (occurrences produced by
 * the recurrence iterator carry none of their own).
 */
function instant(time: ICAL.Time, tzid: string | undefined, zones: Zones, zone: string): Date {
  if (time.isDate) return DateTime.fromObject({ year: time.year, month: time.month, day: time.day }, { zone }).toJSDate();
  if (time.zone === ICAL.Timezone.utcTimezone || tzid === 'UTC' || tzid === 'Z') {
    return new Date(Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second));
  }
  if (tzid) {
    const iana = ianaZone(tzid);
    if (iana) return wallClock(time, iana);
    const defined = zones.get(tzid);
    if (defined) {
      const placed = time.clone();
      placed.zone = defined;
      return new Date(placed.toUnixTime() * 1000);
    }
  }
  // Floating, or a TZID nobody defined: the consultant's wall clock is the best reading.
  return wallClock(time, zone);
}

function tzidOf(time: ICAL.Time | null | undefined): string | undefined {
  if (!time || time.isDate) return undefined;
  if (time.zone === ICAL.Timezone.utcTimezone) return 'UTC';
  // ical.js keeps a TZID it has no VTIMEZONE for as `timezone`, beside a floating zone.
  return (
    (time as ICAL.Time & { timezone?: string }).timezone ?? (time.zone && time.zone !== ICAL.Timezone.localTimezone ? time.zone.tzid : undefined) ?? undefined
  );
}

function blocks(event: ICAL.Event): boolean {
  const component = event.component;
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transparency = String(component.getFirstPropertyValue('transp') ?? 'OPAQUE').toUpperCase();
  return status !== 'CANCELLED' && transparency !== 'TRANSPARENT';
}

/** How long each occurrence of `source` lasts, from its DTSTART and DTEND (or DURATION). */
function lengthOf(source: ICAL.Event, zones: Zones, zone: string): number {
  const first = instant(source.startDate, tzidOf(source.startDate), zones, zone);
  const firstEnd = source.endDate ? instant(source.endDate, tzidOf(source.endDate) ?? tzidOf(source.startDate), zones, zone) : first;
  const length = firstEnd.getTime() - first.getTime();
  // An all-day event without an end lasts its one day (RFC 5545 §3.6.1).
  return source.startDate.isDate && length <= 0 ? DAY_MS : length;
}

/** [start, end) of one occurrence of `source` starting at `start` and lasting `length` ms. */
function span(source: ICAL.Event, start: ICAL.Time, length: number, zones: Zones, zone: string): { start: Date; end: Date } {
  const from = instant(start, tzidOf(source.startDate), zones, zone);
  if (start.isDate) {
    // Whole days in the consultant's zone: count days, not milliseconds, so a day of 23 or 25 hours stays a day.
    const days = Math.max(1, Math.round(length / DAY_MS));
    return { start: from, end: DateTime.fromJSDate(from, { zone }).plus({ days }).toJSDate() };
  }
  return { start: from, end: new Date(from.getTime() + Math.max(0, length)) };
}

function overlaps(interval: { start: Date; end: Date }, { from, to }: ExpandOptions): boolean {
  return interval.start < to && interval.end > from && interval.end > interval.start;
}

function expandSeries(master: ICAL.Event, zones: Zones, options: ExpandOptions, out: BusyInterval[]): void {
  const iterator = master.iterator();
  const masterLength = lengthOf(master, zones, options.zone);
  const hasOverrides = Object.keys(master.exceptions).length > 0;
  for (let count = 0, next = iterator.next(); next && count < MAX_OCCURRENCES; next = iterator.next(), count += 1) {
    const source = hasOverrides ? master.getOccurrenceDetails(next).item : master;
    const occurrence =
      source === master
        ? span(master, next, masterLength, zones, options.zone)
        : span(source, source.startDate, lengthOf(source, zones, options.zone), zones, options.zone);
    // Occurrences come in order of their original start; an override may move one later, so stop only well past `to`.
    if (source === master && occurrence.start.getTime() > options.to.getTime() + 366 * DAY_MS) break;
    if (!blocks(source) || !overlaps(occurrence, options)) continue;
    out.push({ ...occurrence, uid: master.uid });
  }
}

/** Parses iCalendar text; a body that is not iCalendar says so in words for the staff page. */
export function parseCalendar(text: string, host = 'The server'): ICAL.Component {
  try {
    const parsed = new ICAL.Component(ICAL.parse(text));
    if (parsed.name !== 'vcalendar') throw new Error('not a VCALENDAR');
    return parsed;
  } catch {
    throw new CalendarFetchError('NOT_ICALENDAR', `${host} did not send an iCalendar (.ics) calendar.`);
  }
}

/**
 * The busy intervals of every event in `calendars` (iCalendar texts: a feed, or one CalDAV object each) that overlap
 * [from, to). Events are grouped by UID across the texts given, so an override finds its series.
 */
export function busyIntervals(calendars: readonly (string | ICAL.Component)[], options: ExpandOptions): BusyInterval[] {
  const parsed = calendars.map((text) => (typeof text === 'string' ? parseCalendar(text) : text));
  const zones: Zones = new Map();
  for (const calendar of parsed) {
    for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
      const timezone = new ICAL.Timezone(vtimezone);
      if (timezone.tzid) zones.set(timezone.tzid, timezone);
    }
  }
  return withUndefinedTzidsRegistered(parsed, { ianaZone, defined: zones, fallback: options.zone }, () => expandAll(parsed, zones, options));
}

function expandAll(parsed: readonly ICAL.Component[], zones: Zones, options: ExpandOptions): BusyInterval[] {
  const masters = new Map<string, ICAL.Event>();
  const exceptions = new Map<string, ICAL.Component[]>();
  for (const calendar of parsed) {
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
      if (options.ignoreUid?.(uid)) continue;
      if (vevent.hasProperty('recurrence-id')) exceptions.set(uid, [...(exceptions.get(uid) ?? []), vevent]);
      else if (vevent.hasProperty('dtstart')) masters.set(uid || `no-uid-${masters.size}`, new ICAL.Event(vevent));
    }
  }
  const out: BusyInterval[] = [];
  for (const [uid, master] of masters) {
    for (const exception of exceptions.get(uid) ?? []) master.relateException(exception);
    exceptions.delete(uid);
    if (master.isRecurring()) expandSeries(master, zones, options, out);
    else if (blocks(master)) {
      const single = span(master, master.startDate, lengthOf(master, zones, options.zone), zones, options.zone);
      if (overlaps(single, options)) out.push({ ...single, uid });
    }
  }
  // Overrides whose series is not here (an invitation to one occurrence): each is an event of its own.
  for (const [uid, orphans] of exceptions) {
    for (const component of orphans) {
      const event = new ICAL.Event(component);
      if (!blocks(event) || !event.startDate) continue;
      const single = span(event, event.startDate, lengthOf(event, zones, options.zone), zones, options.zone);
      if (overlaps(single, options)) out.push({ ...single, uid });
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}
