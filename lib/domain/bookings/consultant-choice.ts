import { DateTime } from 'luxon';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { ConsultantSchedule } from '../scheduling/consultant-schedule';
import { canTake, worksDuring } from '../scheduling/consultant-schedule';

/**
 * Consultants who could take [start, end) on `category`, least busy that day first so work spreads across the team;
 * `preferred` (the consultant a booking already has) goes first when able, so a moved meeting keeps its person.
 */
export async function candidatesFor(
  consultants: readonly ConsultantSchedule[],
  { start, end, category, preferred }: { start: Date; end: Date; category: string | null | undefined; preferred?: string | null },
): Promise<ConsultantSchedule[]> {
  const zone = config().FIRM_TIME_ZONE;
  const able = consultants.filter((c) => canTake(c, category) && worksDuring(c, start, end, zone));
  if (able.length < 2) return able;
  const dayStart = DateTime.fromJSDate(start, { zone }).startOf('day');
  const load = await db.booking.groupBy({
    by: ['consultantId'],
    where: { status: 'confirmed', scheduledStart: { gte: dayStart.toJSDate(), lt: dayStart.plus({ days: 1 }).toJSDate() } },
    _count: { _all: true },
  });
  const countOf = new Map(load.map((row) => [row.consultantId, row._count._all]));
  const rank = (c: ConsultantSchedule) => (c.id === preferred ? -1 : (countOf.get(c.id) ?? 0));
  return able.sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id));
}
