import { db } from '@/lib/db/client';
import type { ContentTypeId } from './content-type';
import { isContentTypeId } from './content-types';

export interface ScheduleFailure {
  jobId: string;
  type: ContentTypeId;
  itemId: string;
  /** When it was to go live, and when it gave up. */
  scheduledFor: Date;
  failedAt: Date;
  reason: string;
}

/**
 * Scheduled publishes that failed for good, newest first, for staff to see beside the content (admins also see the
 * job in /staff/jobs). One stops being listed once its item is published again.
 */
export async function listScheduleFailures(filter: { types?: readonly ContentTypeId[]; itemId?: string } = {}): Promise<ScheduleFailure[]> {
  const jobs = await db.job.findMany({ where: { type: 'content.publish-scheduled', status: 'dead' }, orderBy: { finishedAt: 'desc' }, take: 100 });
  const failures = jobs.flatMap((job): ScheduleFailure[] => {
    const payload = job.payload as { contentType?: unknown; itemId?: unknown };
    if (!isContentTypeId(payload.contentType) || typeof payload.itemId !== 'string') return [];
    if (filter.types && !filter.types.includes(payload.contentType)) return [];
    if (filter.itemId !== undefined && filter.itemId !== payload.itemId) return [];
    const reason = (job.lastError ?? 'It failed.').replace(/^PermanentJobError: /, '');
    return [{ jobId: job.id, type: payload.contentType, itemId: payload.itemId, scheduledFor: job.runAt, failedAt: job.finishedAt ?? job.updatedAt, reason }];
  });
  const stillOpen: ScheduleFailure[] = [];
  for (const failure of failures) {
    const republished = await db.contentVersion.count({
      where: { type: failure.type, itemId: failure.itemId, source: { not: 'import' }, publishedAt: { gt: failure.failedAt } },
    });
    if (republished === 0) stillOpen.push(failure);
  }
  return stillOpen;
}
