import { randomBytes } from 'node:crypto';
import { db } from '@/lib/db/client';
import type { AnalyticsDay } from './analytics-day';

/**
 * The salt of each day's visitor hashes, shared by every instance through the database: the first instance to need
 * a day's salt inserts a random one, every other finds it there. It is deleted once its day is over
 * (deletePastSalts), and an instance forgets it as soon as it asks for another day's, so after that nobody can tell
 * which address and browser made a hash.
 */
export function createDailySalts() {
  let held: { day: AnalyticsDay; salt: Promise<string> } | undefined;

  const load = async (day: AnalyticsDay, now: Date): Promise<string> => {
    const found = await db.analyticsSalt.findUnique({ where: { day } });
    if (found) return found.salt;
    try {
      await db.analyticsSalt.create({ data: { day, salt: randomBytes(32).toString('base64url'), createdAt: now } });
    } catch {
      // Another instance inserted it first: read theirs below.
    }
    return (await db.analyticsSalt.findUniqueOrThrow({ where: { day } })).salt;
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

/** Deletes the salts of days before `today`. */
export async function deletePastSalts(today: AnalyticsDay): Promise<number> {
  return (await db.analyticsSalt.deleteMany({ where: { day: { lt: today } } })).count;
}
