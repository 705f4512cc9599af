import { DateTime } from 'luxon';

/**
 * Analytics count by the firm's calendar day (FIRM_TIME_ZONE), so "today" on the dashboard is the firm's today, and
 * the visitor salt rotates at the firm's midnight. A day is written `YYYY-MM-DD`.
 */
export type AnalyticsDay = string;

/** The day `at` falls on in `zone`. The last answer is kept: most calls in a row fall on the same day. */
export function dayCalendar(zone: string) {
  let current: { day: AnalyticsDay; from: number; until: number } | undefined;
  return {
    /** `at` as a Date or in milliseconds since the epoch (a flush asks for thousands of reports' days). */
    dayOf(at: Date | number): AnalyticsDay {
      const ms = typeof at === 'number' ? at : at.getTime();
      if (current && ms >= current.from && ms < current.until) return current.day;
      const local = DateTime.fromMillis(ms, { zone });
      const start = local.startOf('day');
      current = { day: local.toISODate()!, from: start.toMillis(), until: start.plus({ days: 1 }).toMillis() };
      return current.day;
    },
    /** When `day` ends in `zone`: the next day's first instant, in ms (23 or 25 hours after its start on a clock change). */
    endOf(day: AnalyticsDay): number {
      return DateTime.fromISO(day, { zone }).plus({ days: 1 }).toMillis();
    },
  };
}

export type DayCalendar = ReturnType<typeof dayCalendar>;

/** The day `days` after (or before, when negative) `day`. */
export function addDays(day: AnalyticsDay, days: number): AnalyticsDay {
  return DateTime.fromISO(day, { zone: 'UTC' }).plus({ days }).toISODate()!;
}

/** Whole days from `from` to `to` (0 when equal). */
export function daysBetween(from: AnalyticsDay, to: AnalyticsDay): number {
  return Math.round(DateTime.fromISO(to, { zone: 'UTC' }).diff(DateTime.fromISO(from, { zone: 'UTC' }), 'days').days);
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: AnalyticsDay, to: AnalyticsDay): AnalyticsDay[] {
  const days: AnalyticsDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export const isAnalyticsDay = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text, { zone: 'UTC' }).isValid;
