import { DateTime } from 'luxon';

function inZone(iso: string, zone: string): DateTime {
  const moment = DateTime.fromISO(iso, { zone, locale: 'en-US' });
  if (!moment.isValid) throw new Error(`Not a date-time: ${iso}`);
  return moment;
}

/** "Tuesday 1 December 2026, 10:00 AM EST": the zone is always named, since readers live in many. */
export function longTime(iso: string, zone: string): string {
  return inZone(iso, zone).toFormat('cccc d LLLL yyyy, h:mm a ZZZZ');
}

/** "Tue 1 Dec, 10:00 AM EST", for subject lines. */
export function shortTime(iso: string, zone: string): string {
  return inZone(iso, zone).toFormat('ccc d LLL, h:mm a ZZZZ');
}

/** "Tuesday 1 December 2026, 10:00 AM to 11:00 AM EST" (the end date is named too when it differs). */
export function timeRange(startIso: string, endIso: string, zone: string): string {
  const start = inZone(startIso, zone);
  const end = inZone(endIso, zone);
  const endFormat = start.hasSame(end, 'day') ? 'h:mm a ZZZZ' : 'cccc d LLLL yyyy, h:mm a ZZZZ';
  return `${start.toFormat('cccc d LLLL yyyy, h:mm a')} to ${end.toFormat(endFormat)}`;
}

/** "15:00 to 16:00 UTC on 1 December 2026" */
export function utcRange(startIso: string, endIso: string): string {
  const start = inZone(startIso, 'UTC');
  const end = inZone(endIso, 'UTC');
  return `${start.toFormat('HH:mm')} to ${end.toFormat('HH:mm')} UTC on ${start.toFormat('d LLLL yyyy')}`;
}

export function minutesBetween(startIso: string, endIso: string): number {
  return Math.round((Date.parse(endIso) - Date.parse(startIso)) / 60_000);
}
