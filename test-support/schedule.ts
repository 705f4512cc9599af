import { DateTime } from 'luxon';
import type { TestSql } from './test-sql';

export const FIRM_ZONE = 'America/New_York';

export interface ConsultantRow {
  id: string;
  expertise: string;
  workdayStart: string;
  workdayEnd: string;
  workingDays: string;
  holidays: string;
}

/** The active consultants' calendars, read once per test file (content does not change during a run). */
export function activeConsultants(db: TestSql): Promise<ConsultantRow[]> {
  return db.all<ConsultantRow>(
    'SELECT "id", "expertise", "workdayStart", "workdayEnd", "workingDays", "holidays" FROM "Consultant" WHERE "active" = true ORDER BY "id"',
  );
}

/**
 * A firm-local weekday at least `daysAhead` days out (inside the 24 h notice and 30-day horizon)
 * on which no active consultant is on holiday. Different callers pass different days to stay apart.
 */
export function workingDay(consultants: ConsultantRow[], daysAhead: number): DateTime {
  const holidays = new Set(consultants.flatMap((c) => JSON.parse(c.holidays) as string[]));
  let day = DateTime.now().setZone(FIRM_ZONE).startOf('day').plus({ days: daysAhead });
  while (day.weekday > 5 || holidays.has(day.toISODate()!)) day = day.plus({ days: 1 });
  return day;
}

/** Active consultants who take `category` and work during [start, start + minutes) on that day. */
export function consultantsWorking(consultants: ConsultantRow[], start: DateTime, minutes: number, category?: string): string[] {
  const startMinute = start.hour * 60 + start.minute;
  const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  return consultants
    .filter((c) => !category || (JSON.parse(c.expertise) as string[]).includes(category))
    .filter((c) => (JSON.parse(c.workingDays) as number[]).includes(start.weekday))
    .filter((c) => !(JSON.parse(c.holidays) as string[]).includes(start.toISODate()!))
    .filter((c) => toMinute(c.workdayStart) <= startMinute && startMinute + minutes <= toMinute(c.workdayEnd))
    .map((c) => c.id);
}
