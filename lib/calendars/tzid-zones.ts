import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';

/*
 * RFC 7809 lets a CalDAV server leave out the VTIMEZONE of a well-known TZID (servers that offer calendar-no-timezone
 * do, and feeds do it too; Radicale 3.1 adds one when it stores an event). ical.js then reads such a time as floating, and its recurrence walk compares it with UTC values
 * as if it were UTC: an UNTIL, an EXDATE or a RECURRENCE-ID written in UTC is off by the zone's offset, which loses or
 * keeps occurrences it should not (a double booking). So while a calendar is expanded, every TZID it uses without a
 * definition of its own is registered with ical.js's TimezoneService as a real zone:
 *   1. an IANA name (also behind a path, e.g. /mozilla.org/…/Europe/Berlin): that zone, from timezones-ical-library
 *      (the tz database's current rules as VTIMEZONE components);
 *   2. a name another of the texts given defines (one VTIMEZONE serving several CalDAV objects): that definition;
 *   3. anything else (e.g. "Office Time"): the consultant's own zone, the same reading floating times get.
 * The registrations are removed afterwards, so nothing a calendar names outlives its expansion.
 */

let known: Set<string> | null = null;
const parsedZones = new Map<string, ICAL.Timezone | null>();

/** The tz database's VTIMEZONE for an IANA name luxon accepts, under that name or its canonical one. */
function libraryZone(iana: string): ICAL.Timezone | null {
  let zone = parsedZones.get(iana);
  if (zone !== undefined) return zone;
  known ??= new Set(tzlib_get_timezones() as string[]);
  const canonical = known.has(iana) ? iana : new Intl.DateTimeFormat('en-US', { timeZone: iana }).resolvedOptions().timeZone;
  const block = known.has(canonical) ? tzlib_get_ical_block(canonical) : '';
  const text = Array.isArray(block) ? block[0] : block;
  zone = text ? new ICAL.Timezone(new ICAL.Component(ICAL.parse(text))) : null;
  // Bounded by the tz database's ~600 names: only names luxon accepts reach this.
  parsedZones.set(iana, zone);
  return zone;
}

const TIME_PROPERTIES = ['dtstart', 'dtend', 'due', 'exdate', 'rdate', 'recurrence-id'];

/** The TZIDs `calendar`'s events use that it does not define itself. */
function undefinedTzids(calendar: ICAL.Component): Set<string> {
  const defined = new Set(calendar.getAllSubcomponents('vtimezone').map((zone) => String(zone.getFirstPropertyValue('tzid') ?? '')));
  const used = new Set<string>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    for (const name of TIME_PROPERTIES) {
      for (const property of vevent.getAllProperties(name)) {
        const tzid = property.getParameter('tzid');
        if (typeof tzid === 'string' && tzid && !defined.has(tzid)) used.add(tzid);
      }
    }
  }
  return used;
}

export interface ZoneLookup {
  /** An IANA name for a TZID as written, or null. */
  ianaZone: (tzid: string) => string | null;
  /** The VTIMEZONEs of all the texts given, by TZID. */
  defined: ReadonlyMap<string, ICAL.Timezone>;
  /** The consultant's zone (IANA). */
  fallback: string;
}

/**
 * Runs `expand` with every TZID that `calendars` use without a definition registered as a real zone; must be called
 * before any of their time values is read (ical.js resolves a TZID when it first reads the value).
 */
export function withUndefinedTzidsRegistered<T>(calendars: readonly ICAL.Component[], lookup: ZoneLookup, expand: () => T): T {
  const added: string[] = [];
  try {
    for (const calendar of calendars) {
      for (const tzid of undefinedTzids(calendar)) {
        if (ICAL.TimezoneService.has(tzid)) continue;
        const iana = lookup.ianaZone(tzid);
        // An IANA name the library lacks stays as it was: busy-times still places its DTSTART with luxon.
        const zone = iana
          ? libraryZone(iana)
          : (lookup.defined.get(tzid) ?? (DateTime.local({ zone: lookup.fallback }).isValid ? libraryZone(lookup.fallback) : null));
        if (!zone) continue;
        ICAL.TimezoneService.register(zone, tzid);
        added.push(tzid);
      }
    }
    return expand();
  } finally {
    for (const tzid of added) ICAL.TimezoneService.remove(tzid);
  }
}
