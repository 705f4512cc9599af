import { DateTime } from 'luxon';
import type { Consultant as ConsultantRow } from '@/lib/generated/prisma/client';
import { stringArray } from '../../core/json-columns';
import { minuteOfDay } from './business-time';

/** A consultant's working pattern, in the firm's time zone. */
export interface ConsultantSchedule {
  id: string;
  name: string;
  expertise: ReadonlySet<string>;
  startMinute: number;
  endMinute: number;
  workingDays: ReadonlySet<number>;
  holidays: ReadonlySet<string>;
}

export function toSchedule(row: ConsultantRow): ConsultantSchedule {
  const days = row.workingDays;
  if (!Array.isArray(days) || !days.every((d) => Number.isInteger(d))) throw new Error('Consultant.workingDays must be integers');
  return {
    id: row.id,
    name: row.name,
    expertise: new Set(stringArray(row.expertise, 'Consultant.expertise')),
    startMinute: minuteOfDay(row.workdayStart),
    endMinute: minuteOfDay(row.workdayEnd),
    workingDays: new Set(days as number[]),
    holidays: new Set(stringArray(row.holidays, 'Consultant.holidays')),
  };
}

/** Whether [start, end) lies inside one of the consultant's working days, within their hours. */
export function worksDuring(schedule: ConsultantSchedule, start: Date, end: Date, zone: string): boolean {
  const from = DateTime.fromJSDate(start, { zone });
  const to = DateTime.fromJSDate(end, { zone });
  if (!from.hasSame(to.minus({ milliseconds: 1 }), 'day')) return false;
  if (!schedule.workingDays.has(from.weekday) || schedule.holidays.has(from.toISODate()!)) return false;
  const startMinute = from.hour * 60 + from.minute + from.second / 60;
  const endMinute = startMinute + to.diff(from, 'minutes').minutes;
  return startMinute >= schedule.startMinute && endMinute <= schedule.endMinute;
}

export function canTake(schedule: ConsultantSchedule, category: string | null | undefined): boolean {
  return !category || schedule.expertise.has(category);
}
