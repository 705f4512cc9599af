import { DateTime } from 'luxon';

/** When the firm answers: weekdays between opening and closing, in its own time zone. */
export interface BusinessCalendar {
  zone: string;
  openMinute: number;
  closeMinute: number;
  /** ISO weekdays, 1 = Monday. */
  workingDays: ReadonlySet<number>;
  /** Firm-local dates (YYYY-MM-DD) the firm is closed. */
  closedDates: ReadonlySet<string>;
}

function isBusinessDay(day: DateTime, calendar: BusinessCalendar): boolean {
  return calendar.workingDays.has(day.weekday) && !calendar.closedDates.has(day.toISODate()!);
}

/** Wall-clock time on that day (not an offset from midnight, which moves on daylight-saving days). */
function atMinute(day: DateTime, minuteOfDay: number): DateTime {
  return day.startOf('day').set({ hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 });
}

/** The moment `hours` business hours after `start`: it never falls on a weekend, a closed day or outside hours. */
export function addBusinessHours(start: Date, hours: number, calendar: BusinessCalendar): Date {
  let cursor: DateTime = DateTime.fromJSDate(start, { zone: calendar.zone });
  let remaining = Math.round(hours * 60);
  // A closed calendar would loop forever; a year of closed days is a configuration error.
  for (let guard = 0; guard < 366 * 2; guard += 1) {
    const open = atMinute(cursor, calendar.openMinute);
    const close = atMinute(cursor, calendar.closeMinute);
    if (!isBusinessDay(cursor, calendar) || cursor >= close) {
      cursor = atMinute(cursor.plus({ days: 1 }), calendar.openMinute);
      continue;
    }
    if (cursor < open) cursor = open;
    const available = close.diff(cursor, 'minutes').minutes;
    if (remaining <= available) return cursor.plus({ minutes: remaining }).toJSDate();
    remaining -= available;
    cursor = atMinute(cursor.plus({ days: 1 }), calendar.openMinute);
  }
  throw new Error('The business calendar has no open hours within two years');
}

/**
 * Business minutes from `start` to `end` (0 when end is not after start): the inverse of addBusinessHours, so a reply
 * kept exactly at an estimatedResponse of 4 business hours took 240 of them. Used to measure response times.
 */
export function businessMinutesBetween(start: Date, end: Date, calendar: BusinessCalendar): number {
  const stop = DateTime.fromJSDate(end, { zone: calendar.zone });
  let cursor: DateTime = DateTime.fromJSDate(start, { zone: calendar.zone });
  let minutes = 0;
  // One step per calendar day; a span of years would be a data error, and is cut off rather than looped through.
  for (let guard = 0; guard < 366 * 2 && cursor < stop; guard += 1) {
    const open = atMinute(cursor, calendar.openMinute);
    const close = atMinute(cursor, calendar.closeMinute);
    if (isBusinessDay(cursor, calendar) && cursor < close) {
      const from = cursor < open ? open : cursor;
      const to = stop < close ? stop : close;
      if (to > from) minutes += to.diff(from, 'minutes').minutes;
    }
    cursor = atMinute(cursor.plus({ days: 1 }), 0);
  }
  return minutes;
}

/** The length of the firm's working day, in hours: a business day is this many business hours. */
export function businessHoursPerDay(calendar: BusinessCalendar): number {
  return (calendar.closeMinute - calendar.openMinute) / 60;
}

export function minuteOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}
