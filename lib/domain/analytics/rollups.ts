import type { Prisma } from '@/lib/generated/prisma/client';
import { config } from '@/lib/config';
import { databaseEngine } from '@/lib/db/engine';
import { db } from '@/lib/db/client';
import { addDays, type AnalyticsDay } from './analytics-day';
import { analyticsCalendar } from './analytics-services';
import { attributeConversions, FORGOTTEN_VISITOR } from './attribution';
import { EMPTY_FINGERPRINT, rawFingerprint, rebuildConversions, rebuildReading, rebuildTraffic } from './rollup-sql';

/**
 * The daily aggregates are built incrementally: a day is rebuilt from its raw rows only while it can still change
 * (today and yesterday: a page view counted just before midnight is written just after it, and a conversion is
 * attributed a few seconds after it happened) and only when its raw rows changed since its last build. A day before
 * yesterday is built once more and then settled: never read again, so its raw rows can be deleted after
 * ANALYTICS_RAW_DAYS while its aggregates stay. The dashboard reads aggregates only, so a year costs it no more than
 * a few thousand rows per table.
 */
export async function rollUpAnalytics(now: Date): Promise<{ rebuilt: AnalyticsDay[] }> {
  const today = analyticsCalendar().dayOf(now);
  const yesterday = addDays(today, -1);
  const rebuilt: AnalyticsDay[] = [];
  for (const day of await daysToConsider(yesterday, today)) {
    const stored = await db.analyticsRollupDay.findUnique({ where: { day } });
    if (stored?.settled) continue;
    const settled = day < yesterday;
    const changed = await db.$transaction(async (tx) => {
      await lockDay(tx, day);
      // Read again under the lock: another instance may have built the day while this one waited.
      const built = await tx.analyticsRollupDay.findUnique({ where: { day } });
      const fingerprint = await rawFingerprint(tx, day);
      // A day without raw rows has nothing to build, and raw rows already pruned never replace the aggregates built from them.
      if (built?.settled || fingerprint === EMPTY_FINGERPRINT || fingerprint === built?.fingerprint) return false;
      await rebuildTraffic(tx, day);
      await rebuildReading(tx, day);
      await rebuildConversions(tx, day);
      await tx.analyticsRollupDay.upsert({
        where: { day },
        create: { day, fingerprint, settled, builtAt: now },
        update: { fingerprint, settled, builtAt: now },
      });
      return true;
    });
    if (changed) rebuilt.push(day);
    else if (settled && stored) await db.analyticsRollupDay.update({ where: { day }, data: { settled: true } });
  }
  return { rebuilt };
}

/** Any class id: it only keeps these locks apart from other advisory locks (none yet). */
const ROLLUP_LOCK_CLASS = 26;

/**
 * One rebuild of a day at a time. On PostgreSQL (READ COMMITTED) two instances rebuilding one day ("Update now" and
 * the minute's job) would both delete its aggregates and insert them again, the second insert clashing with the
 * first's primary key (P2002); a transaction-scoped advisory lock per day makes the second wait for the first, and it
 * then finds the day built. SQLite runs one writing transaction at a time anyway.
 */
async function lockDay(tx: Prisma.TransactionClient, day: AnalyticsDay): Promise<void> {
  if (databaseEngine() !== 'postgresql') return;
  const key = Number(day.replaceAll('-', '')); // 20261125: one lock per day, no hash to collide
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(CAST(${ROLLUP_LOCK_CLASS} AS INTEGER), CAST(${key} AS INTEGER))`;
}

/** Yesterday and today, and every earlier day with raw rows not settled yet (after a runner was down for days). */
async function daysToConsider(yesterday: AnalyticsDay, today: AnalyticsDay): Promise<AnalyticsDay[]> {
  const settledDays = await db.analyticsRollupDay.findMany({ where: { settled: true, day: { lt: yesterday } }, select: { day: true } });
  const settled = new Set(settledDays.map(({ day }) => day));
  const rawDays = await Promise.all([
    db.analyticsPageView.findMany({ where: { day: { lt: yesterday } }, distinct: ['day'], select: { day: true } }),
    db.analyticsEngagement.findMany({ where: { day: { lt: yesterday } }, distinct: ['day'], select: { day: true } }),
    db.analyticsConversion.findMany({ where: { day: { lt: yesterday } }, distinct: ['day'], select: { day: true } }),
  ]);
  const earlier = new Set(
    rawDays
      .flat()
      .map(({ day }) => day)
      .filter((day) => !settled.has(day)),
  );
  return [...[...earlier].sort(), yesterday, today];
}

/**
 * Deletes raw rows older than ANALYTICS_RAW_DAYS, but never of a day whose aggregates are not final yet, and the salts
 * of past days, and clears the visitor hash of attributed conversions of past days. Runs after rollUpAnalytics, which has built every day with raw rows by then.
 */
export async function pruneAnalytics(now: Date): Promise<{ rows: number; salts: number; visitorsCleared: number }> {
  const today = analyticsCalendar().dayOf(now);
  const cutoff = addDays(today, -config().ANALYTICS_RAW_DAYS + 1);
  const unsettled = await db.analyticsRollupDay.findFirst({ where: { settled: false }, orderBy: { day: 'asc' }, select: { day: true } });
  const where = { day: { lt: unsettled && unsettled.day < cutoff ? unsettled.day : cutoff } };
  const counts = await Promise.all([
    db.analyticsPageView.deleteMany({ where }),
    db.analyticsEngagement.deleteMany({ where }),
    db.analyticsConversion.deleteMany({ where }),
  ]);
  // A past day's salt deleted, nobody can make that day's visitor hashes again (daily-salt.ts).
  const salts = await db.analyticsSalt.deleteMany({ where: { day: { lt: today } } });
  // Attribution clears a conversion's visitor hash as it joins it to its visit; this catches any attributed before it did.
  const conversions = await db.analyticsConversion.updateMany({
    where: { attributed: true, visitor: { not: FORGOTTEN_VISITOR }, day: { lt: today } },
    data: { visitor: FORGOTTEN_VISITOR },
  });
  return { rows: counts.reduce((sum, { count }) => sum + count, 0), salts: salts.count, visitorsCleared: conversions.count };
}

/** How long after a conversion its visit's page views are surely stored by every instance. */
export const attributionSettleMs = () => 2 * config().ANALYTICS_FLUSH_MS;

/** The recurring job: attribute what can be, bring the aggregates up to date, forget what is past its keeping. */
export async function runAnalyticsRollup(now: Date) {
  const attributed = await attributeConversions(now, attributionSettleMs());
  const { rebuilt } = await rollUpAnalytics(now);
  const pruned = await pruneAnalytics(now);
  return { attributed, rebuilt, pruned };
}
