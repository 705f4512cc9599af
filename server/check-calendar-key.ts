/**
 * Run by `npm start` once the database is migrated: connected calendars' secrets can only be read with
 * CALENDAR_SECRET_KEY, so an instance without it refuses to start instead of failing every calendar later.
 */
import { db } from '../lib/db/client';
import { calendarKeyProblem } from '../lib/domain/calendars/calendar-key-check';

const problem = await calendarKeyProblem();
await db.$disconnect();
if (problem) {
  console.error(`Invalid configuration:\n  - ${problem}`);
  process.exit(1);
}
