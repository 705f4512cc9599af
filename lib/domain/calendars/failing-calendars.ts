import { config } from '@/lib/config';
import { db } from '@/lib/db/client';

/** A calendar whose syncs have failed this long fails the `calendars` health check, which raises the alert. */
export const CALENDAR_ALERT_AFTER_MINUTES = 30;

/**
 * A calendar not synced successfully for two sync periods (CALENDAR_SYNC_MINUTES) is stale: its syncs have stopped
 * without failing (cal.com #4436: a scheduler that no longer runs them), so its busy times quietly age.
 */
export function staleAfterMs(): number {
  return 2 * config().CALENDAR_SYNC_MINUTES * 60_000;
}

/** Stale at `now`: last synced (or, never synced, connected) two sync periods ago or earlier. */
export function isStaleCalendar(connection: { lastSyncedAt: Date | null; createdAt: Date }, now: Date): boolean {
  return (connection.lastSyncedAt ?? connection.createdAt).getTime() <= now.getTime() - staleAfterMs();
}

export interface FailingCalendar {
  connectionId: string;
  consultantId: string;
  consultantName: string;
  /** The server's host only: this reaches the public /v1/health, where a CalDAV address (its path) has no place. */
  host: string;
  /** failing: syncs fail; stale: syncs stopped happening without failing. */
  reason: 'failing' | 'stale';
  /** failing: the first failure since the last success; stale: the last success (or the connection, never synced). */
  failingSince: Date;
  lastError: string | null;
}

function hostOf(row: { serverUrl: string | null; label: string }): string {
  if (!row.serverUrl) return row.label; // a feed's label is already its host
  try {
    return new URL(row.serverUrl).host;
  } catch {
    return '';
  }
}

/**
 * Connected calendars that have failed without a success for at least `minutes` at `now`, and calendars that are
 * stale without failing (see staleAfterMs), longest first.
 */
export async function calendarsFailingFor(now: Date, minutes = CALENDAR_ALERT_AFTER_MINUTES): Promise<FailingCalendar[]> {
  const staleBefore = new Date(now.getTime() - staleAfterMs());
  const rows = await db.calendarConnection.findMany({
    where: {
      OR: [
        { failingSince: { lte: new Date(now.getTime() - minutes * 60_000) } },
        { failingSince: null, lastSyncedAt: { lte: staleBefore } },
        { failingSince: null, lastSyncedAt: null, createdAt: { lte: staleBefore } },
      ],
    },
    include: { consultant: { select: { name: true } } },
  });
  return rows
    .map((row) => ({
      connectionId: row.id,
      consultantId: row.consultantId,
      consultantName: row.consultant.name,
      host: hostOf(row),
      reason: row.failingSince ? ('failing' as const) : ('stale' as const),
      failingSince: row.failingSince ?? row.lastSyncedAt ?? row.createdAt,
      lastError: row.lastError,
    }))
    .sort((a, b) => a.failingSince.getTime() - b.failingSince.getTime() || a.connectionId.localeCompare(b.connectionId));
}
