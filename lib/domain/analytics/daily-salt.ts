import { randomBytes } from 'node:crypto';
import type { RawSql } from '@/lib/db/raw-sql';
import type { AnalyticsDay, DayCalendar } from './analytics-day';
import { analyticsSql } from './analytics-sql';

/**
 * The salt of each day's visitor hashes, shared by every instance through the database: the first instance to need
 * today's salt inserts a random one, every other finds it there. The minute's job deletes it once its day is over
 * (pruneAnalytics), and an instance forgets the one it holds as soon as its day has ended (checked whenever a salt is
 * asked for and at every write, and by a timer set for the day's end, so an idle instance forgets it too), so after
 * that nobody can tell which address and browser made a hash. A salt is made for today (or a later day, if a report's clock runs ahead) but never for a
 * past day: a report of yesterday written after midnight gets yesterday's stored salt while the job has not deleted
 * it yet, and none after that (the report is dropped), so a late write cannot bring a deleted day's salt back.
 */
export function createDailySalts(calendar: DayCalendar) {
  let held: { day: AnalyticsDay; until: number; salt: Promise<string> } | undefined;

  const read = async (connection: RawSql, day: AnalyticsDay) =>
    (await connection.all<{ salt: string }>('SELECT "salt" FROM "AnalyticsSalt" WHERE "day" = ?', [day]))[0]?.salt;

  const load = async (day: AnalyticsDay, now: Date): Promise<string> => {
    const connection = await analyticsSql();
    const found = await read(connection, day);
    if (found) return found;
    // Another instance may insert the day's salt at the same moment: the first one stays, and both read it back.
    const salt = randomBytes(32).toString('base64url');
    await connection.run('INSERT INTO "AnalyticsSalt" ("day", "salt", "createdAt") VALUES (?, ?, ?) ON CONFLICT ("day") DO NOTHING', [day, salt, now]);
    const stored = await read(connection, day);
    if (!stored) throw new Error(`The analytics salt of ${day} could not be stored.`);
    return stored;
  };

  /** Drops the held salt once its day has ended at `now`. */
  const forgetPast = (now: Date): void => {
    if (held && now.getTime() >= held.until) held = undefined;
  };

  return {
    /** The salt of `day` as of `now` (the current time, not the report's), or null for a past day whose salt is gone. */
    async saltOf(day: AnalyticsDay, now: Date): Promise<string | null> {
      forgetPast(now);
      if (day < calendar.dayOf(now)) return (await read(await analyticsSql(), day)) ?? null;
      if (held?.day !== day) {
        const salt = load(day, now);
        const entry = { day, until: calendar.endOf(day), salt };
        held = entry;
        // Forgotten at the day's end even if nothing asks again. Forgetting early is harmless: the table still has it.
        setTimeout(() => {
          if (held === entry) held = undefined;
        }, entry.until - now.getTime()).unref();
        // A failed read is not kept: the next call asks again.
        salt.catch(() => {
          if (held === entry) held = undefined;
        });
      }
      return held.salt;
    },
    forgetPast,
    /** The day whose salt this instance holds, if any (for tests: nothing else needs to know). */
    heldDay: (): AnalyticsDay | undefined => held?.day,
  };
}

export type DailySalts = ReturnType<typeof createDailySalts>;
