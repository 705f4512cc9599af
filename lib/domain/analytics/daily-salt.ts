import { randomBytes } from 'node:crypto';
import type { RawSql } from '@/lib/db/raw-sql';
import type { AnalyticsDay } from './analytics-day';
import { analyticsSql } from './analytics-sql';

/**
 * The salt of each day's visitor hashes, shared by every instance through the database: the first instance to need
 * a day's salt inserts a random one, every other finds it there. It is deleted once its day is over
 * (pruneAnalytics), and an instance forgets it as soon as it asks for another day's, so after that nobody can tell
 * which address and browser made a hash.
 */
export function createDailySalts() {
  let held: { day: AnalyticsDay; salt: Promise<string> } | undefined;

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

  return {
    saltOf(day: AnalyticsDay, now: Date): Promise<string> {
      if (held?.day !== day) {
        const salt = load(day, now);
        held = { day, salt };
        // A failed read is not kept: the next call asks again.
        salt.catch(() => {
          if (held?.salt === salt) held = undefined;
        });
      }
      return held.salt;
    },
  };
}
