'use server';

import { redirect } from 'next/navigation';
import { analyticsToday } from '@/lib/domain/analytics/analytics-services';
import { refreshAnalyticsNow } from '@/lib/domain/analytics/refresh-now';
import { rangeOf, rangeQuery } from '@/lib/staff-web/analytics-range';
import { requireStaff } from '@/lib/staff-web/current-staff';

/** Brings the figures up to this second instead of waiting for the minute's job, and shows the same range again. */
export async function refreshAnalyticsAction(from: string, to: string): Promise<void> {
  await requireStaff('analytics', '/staff/analytics');
  await refreshAnalyticsNow();
  redirect(`/staff/analytics?${rangeQuery(rangeOf({ from, to }, analyticsToday()))}&done=updated`);
}
