import type { Consultant as ConsultantRow } from '@/lib/generated/prisma/client';
import { stringArray } from '../../../core/json-columns';
import type { ConsultantItemData } from '../content-bundle';

export function consultantRowData(item: ConsultantItemData) {
  return {
    name: item.name,
    email: item.email,
    title: item.title,
    expertise: item.expertise,
    workdayStart: item.workingHours.start,
    workdayEnd: item.workingHours.end,
    workingDays: item.workingDays,
    holidays: item.holidays,
    active: item.active,
  };
}

export function consultantItemOf(row: ConsultantRow): ConsultantItemData {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    title: row.title,
    expertise: stringArray(row.expertise, 'Consultant.expertise') as ConsultantItemData['expertise'],
    workingHours: { start: row.workdayStart, end: row.workdayEnd },
    workingDays: row.workingDays as number[],
    holidays: stringArray(row.holidays, 'Consultant.holidays'),
    active: row.active,
  };
}
