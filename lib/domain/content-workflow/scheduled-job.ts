import type { Tx } from './content-type';

/** The job of one schedule exists once, however often the schedule is written. */
export const scheduledPublishJobKey = (scheduleId: string) => `content.publish:${scheduleId}`;

/** Cancels a schedule's job if no runner has taken it yet (one that has finds the schedule gone and does nothing). */
export async function cancelScheduledJob(tx: Tx, scheduleId: string, now: Date): Promise<void> {
  await tx.job.updateMany({ where: { uniqueKey: scheduledPublishJobKey(scheduleId), status: 'queued' }, data: { status: 'cancelled', finishedAt: now } });
}
