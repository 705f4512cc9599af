import { db } from '@/lib/db/client';

/** A calendar whose syncs have failed this long fails the `calendars` health check, which raises the alert. */
export const CALENDAR_ALERT_AFTER_MINUTES = 30;

export interface FailingCalendar {
  connectionId: string;
  consultantId: string;
  consultantName: string;
  label: string;
  failingSince: Date;
  lastError: string | null;
}

/** Connected calendars that have failed without a success for at least `minutes` at `now`, longest first. */
export async function calendarsFailingFor(now: Date, minutes = CALENDAR_ALERT_AFTER_MINUTES): Promise<FailingCalendar[]> {
  const rows = await db.calendarConnection.findMany({
    where: { failingSince: { lte: new Date(now.getTime() - minutes * 60_000) } },
    include: { consultant: { select: { name: true } } },
    orderBy: { failingSince: 'asc' },
  });
  return rows.map((row) => ({
    connectionId: row.id,
    consultantId: row.consultantId,
    consultantName: row.consultant.name,
    label: row.label,
    failingSince: row.failingSince!,
    lastError: row.lastError,
  }));
}
