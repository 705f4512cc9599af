import { DateTime } from 'luxon';
import type Database from 'better-sqlite3';

export const FIRM_ZONE = 'America/New_York';

interface ConsultantRow {
  id: string;
  expertise: string;
  workdayStart: string;
  workdayEnd: string;
  workingDays: string;
  holidays: string;
  active: number;
}

/**
 * A firm-local weekday at least `daysAhead` days out (inside the 24 h notice and 30-day horizon)
 * on which no active consultant is on holiday. Different callers pass different days to stay apart.
 */
export function workingDay(db: Database.Database, daysAhead: number): DateTime {
  const consultants = db.prepare('SELECT * FROM Consultant WHERE active = 1').all() as ConsultantRow[];
  const holidays = new Set(consultants.flatMap((c) => JSON.parse(c.holidays) as string[]));
  let day = DateTime.now().setZone(FIRM_ZONE).startOf('day').plus({ days: daysAhead });
  while (day.weekday > 5 || holidays.has(day.toISODate()!)) day = day.plus({ days: 1 });
  return day;
}

/** Active consultants who take `category` and work during [start, start + minutes) on that day. */
export function consultantsWorking(db: Database.Database, start: DateTime, minutes: number, category?: string): string[] {
  const consultants = db.prepare('SELECT * FROM Consultant WHERE active = 1').all() as ConsultantRow[];
  const startMinute = start.hour * 60 + start.minute;
  const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  return consultants
    .filter((c) => !category || (JSON.parse(c.expertise) as string[]).includes(category))
    .filter((c) => (JSON.parse(c.workingDays) as number[]).includes(start.weekday))
    .filter((c) => !(JSON.parse(c.holidays) as string[]).includes(start.toISODate()!))
    .filter((c) => toMinute(c.workdayStart) <= startMinute && startMinute + minutes <= toMinute(c.workdayEnd))
    .map((c) => c.id);
}
