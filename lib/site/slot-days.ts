import { DateTime, IANAZone } from 'luxon';

// Grouping and time labels are Intl only, for the browser too: group-slots-by-day.ts and zone-format.ts.

/** A zone from the address if it is a real IANA zone, else the firm's: the page always says which it uses. */
export function displayZone(requested: string | undefined, firmZone: string): string {
  return requested && IANAZone.isValidZone(requested) ? requested : firmZone;
}

/** "Tuesday 1 December 2026, 3:30 PM CET" */
export function dateTimeInZone(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone, locale: 'en-US' }).toFormat('cccc d LLLL yyyy, h:mm a ZZZZ');
}
