import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { transactionWithJobs } from '../../jobs/job-transaction';

/**
 * Recurring, every minute: a `calendars.sync` job for each connection whose last sync attempt is CALENDAR_SYNC_MINUTES
 * old (or that never synced). The job's key names the connection and the period, so however many runners look, each
 * calendar syncs once per period; each calendar is its own job, so one slow server holds up no other.
 */
export async function enqueueDueCalendarSyncs(now: Date): Promise<number> {
  const periodMs = config().CALENDAR_SYNC_MINUTES * 60_000;
  // A little slack: a sync that ran a few seconds into the last period is due again at the start of this one.
  const dueBefore = new Date(now.getTime() - periodMs + 30_000);
  const due = await db.calendarConnection.findMany({
    where: { OR: [{ lastAttemptAt: null }, { lastAttemptAt: { lte: dueBefore } }] },
    select: { id: true },
  });
  if (due.length === 0) return 0;
  const period = Math.floor(now.getTime() / periodMs);
  await transactionWithJobs(async (_tx, jobs) => {
    for (const { id } of due)
      await jobs.enqueue({ type: 'calendars.sync', payload: { connectionId: id }, runAt: now, uniqueKey: `calendar-sync:${id}:${period}` });
  });
  return due.length;
}
