import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { BusinessCalendar } from './business-time';
import type { ConsultantSchedule } from './consultant-schedule';
import { toSchedule } from './consultant-schedule';

/** The firm answers inquiries Monday to Friday, 09:00 to 17:00, in its own time zone. */
const FIRM_OPEN_MINUTE = 9 * 60;
const FIRM_CLOSE_MINUTE = 17 * 60;

/** `client` is a transaction's when the caller is inside one (SQLite serialises a second connection behind it). */
export async function activeConsultants(client: Pick<Prisma.TransactionClient, 'consultant'> = db): Promise<ConsultantSchedule[]> {
  const rows = await client.consultant.findMany({ where: { active: true }, orderBy: { id: 'asc' } });
  return rows.map(toSchedule);
}

/** The firm is closed on a day every active consultant has off (e.g. Thanksgiving). */
export function firmCalendar(consultants: readonly ConsultantSchedule[]): BusinessCalendar {
  const [first, ...rest] = consultants;
  const closedDates = first ? [...first.holidays].filter((date) => rest.every((c) => c.holidays.has(date))) : [];
  return {
    zone: config().FIRM_TIME_ZONE,
    openMinute: FIRM_OPEN_MINUTE,
    closeMinute: FIRM_CLOSE_MINUTE,
    workingDays: new Set([1, 2, 3, 4, 5]),
    closedDates: new Set(closedDates),
  };
}
