import { analyticsReports } from './analytics-services';
import { runAnalyticsRollup } from './rollups';

/**
 * What "Update now" on /staff/analytics does instead of waiting for the minute's job: writes this instance's held
 * page views, then attributes and rolls up as the job would. Other instances' views arrive within ANALYTICS_FLUSH_MS.
 */
export async function refreshAnalyticsNow(now = new Date()) {
  await analyticsReports().flush();
  return runAnalyticsRollup(now);
}
