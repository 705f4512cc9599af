/**
 * The booking pages' dates and times in a zone, with nothing but Intl: the server labels the page with it, and the
 * browser relabels the same times in the visitor's zone with it, so both write the same strings and no date library
 * reaches the browser. The words are fixed English ("Tuesday 1 December"), so only the numbers and the zone's short
 * name ("EST", "GMT+1", which is what luxon's ZZZZ asks Intl for too) come from the runtime.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

// Building a DateTimeFormat costs far more than using one: one pair per zone, kept.
const formatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formattersFor(zone: string) {
  let pair = formatters.get(zone);
  if (!pair) {
    pair = {
      date: new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' }),
      time: new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' }),
    };
    formatters.set(zone, pair);
  }
  return pair;
}

function parts(format: Intl.DateTimeFormat, iso: string): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const found: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(new Date(iso))) found[part.type] = part.value;
  return found;
}

/** The local date of an instant in `zone`, "2026-12-01": the `day` in the booking pages' addresses. */
export function localDate(iso: string, zone: string): string {
  const { year, month, day } = parts(formattersFor(zone).date, iso);
  return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
}

/** "2026-12-01" → "Tuesday 1 December" and "Tue 1 Dec". */
export function dayLabels(date: string): { label: string; shortLabel: string } {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  const monthName = MONTHS[month - 1]!;
  return { label: `${weekday} ${day} ${monthName}`, shortLabel: `${weekday.slice(0, 3)} ${day} ${monthName.slice(0, 3)}` };
}

/** "3:30 PM EST": a time with its zone named, as every time on the booking pages is shown. */
export function timeLabel(iso: string, zone: string): string {
  const { hour, minute, dayPeriod, timeZoneName } = parts(formattersFor(zone).time, iso);
  return `${hour}:${minute} ${dayPeriod} ${timeZoneName}`;
}

/** "America/Los_Angeles" → "America/Los Angeles": the underscores of zone ids read as spaces. */
export function zoneName(zone: string): string {
  return zone.replace(/_/g, ' ');
}
