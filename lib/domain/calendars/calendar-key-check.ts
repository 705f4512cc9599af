import { config } from '@/lib/config';
import { db } from '@/lib/db/client';

/** Whether the error says the table is not there yet: a database that start-up has not migrated has no calendars. */
function isMissingTable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'P2021' || (typeof message === 'string' && /no such table|does not exist/i.test(message));
}

/**
 * Why start-up must refuse, or null: once a calendar is connected its secrets can only be read with
 * CALENDAR_SECRET_KEY, so an instance without it would fail every sync and every booking check for that consultant.
 */
export async function calendarKeyProblem(): Promise<string | null> {
  if (config().CALENDAR_SECRET_KEY) return null;
  let connected: number;
  try {
    connected = await db.calendarConnection.count();
  } catch (error) {
    if (isMissingTable(error)) return null;
    throw error;
  }
  return connected === 0
    ? null
    : `CALENDAR_SECRET_KEY is not set, but ${connected} consultant calendar(s) are connected and their passwords can only be read with it. Set the key they were connected with (see docs/configuration.md).`;
}
