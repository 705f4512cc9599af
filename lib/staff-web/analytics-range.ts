import { addDays, daysBetween, isAnalyticsDay, type AnalyticsDay } from '@/lib/domain/analytics/analytics-day';
import type { AnalyticsRange } from '@/lib/domain/analytics/dashboard';

/** The ranges offered as links: the last n days, today included. */
export const RANGE_PRESETS = [7, 30, 90, 365] as const;
const DEFAULT_DAYS = 30;
/** A longer range is cut to this many days (ending at its `to`). */
const LONGEST_DAYS = 3 * 366;

export interface RangeQuery {
  days?: string;
  from?: string;
  to?: string;
}

/**
 * The range a query asks for: `from` and `to` (both days, `YYYY-MM-DD`), or the last `days` days, or the last 30.
 * Anything else (a bad date, `from` after `to`, a future `to`) falls back to the nearest sensible range.
 */
export function rangeOf(query: RangeQuery, today: AnalyticsDay): AnalyticsRange & { days: number } {
  if (query.from && query.to && isAnalyticsDay(query.from) && isAnalyticsDay(query.to)) {
    const to = query.to > today ? today : query.to;
    let from = query.from > to ? to : query.from;
    if (daysBetween(from, to) + 1 > LONGEST_DAYS) from = addDays(to, -LONGEST_DAYS + 1);
    return { from, to, days: daysBetween(from, to) + 1 };
  }
  const asked = Number(query.days);
  const days = Number.isInteger(asked) && asked >= 1 && asked <= LONGEST_DAYS ? asked : DEFAULT_DAYS;
  return { from: addDays(today, -days + 1), to: today, days };
}

/** The query string of a range, for links and the CSV export. */
export const rangeQuery = ({ from, to }: AnalyticsRange): string => `from=${from}&to=${to}`;
