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

/** What a span of time is in the firm's zone: enough to test it against any consultant's working pattern. */
export interface LocalSpan {
  /** Whether [start, end) starts and ends on the same local day. */
  sameDay: boolean;
  /** ISO weekday (1 = Monday) and local date of the start. */
  weekday: number;
  date: string;
  /** Local minute of the day the span starts at, and that plus its length. */
  startMinute: number;
  endMinute: number;
}

/** Works out [start, end) in `zone` once, for testing it against many consultants (free-slots.ts asks for every one). */
export function localSpan(start: Date, end: Date, zone: string): LocalSpan {
  const from = DateTime.fromJSDate(start, { zone });
  const to = DateTime.fromJSDate(end, { zone });
  const startMinute = from.hour * 60 + from.minute + from.second / 60;
  return {
    sameDay: from.hasSame(to.minus({ milliseconds: 1 }), 'day'),
    weekday: from.weekday,
    date: from.toISODate()!,
    startMinute,
    endMinute: startMinute + (end.getTime() - start.getTime()) / 60_000,
  };
}

/** Whether a span lies inside one of the consultant's working days, within their hours. */
export function worksDuringSpan(schedule: ConsultantSchedule, span: LocalSpan): boolean {
  if (!span.sameDay) return false;
  if (!schedule.workingDays.has(span.weekday) || schedule.holidays.has(span.date)) return false;
  return span.startMinute >= schedule.startMinute && span.endMinute <= schedule.endMinute;
}

/** Whether [start, end) lies inside one of the consultant's working days, within their hours. */
export function worksDuring(schedule: ConsultantSchedule, start: Date, end: Date, zone: string): boolean {
  return worksDuringSpan(schedule, localSpan(start, end, zone));
}

export function canTake(schedule: ConsultantSchedule, category: string | null | undefined): boolean {
  return !category || schedule.expertise.has(category);
}
