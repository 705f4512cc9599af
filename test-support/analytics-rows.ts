import { db } from '@/lib/db/client';

/** Empties the analytics tables a test writes (raw rows, aggregates and roll-up state), salts excepted. */
export async function deleteAnalyticsRows(): Promise<void> {
  await db.analyticsPageView.deleteMany();
  await db.analyticsEngagement.deleteMany();
  await db.analyticsConversion.deleteMany();
  await db.analyticsDailyTraffic.deleteMany();
  await db.analyticsDailyReading.deleteMany();
  await db.analyticsDailyConversion.deleteMany();
  await db.analyticsRollupDay.deleteMany();
}
