import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';

/**
 * A job that takes its time (`diagnostics.noop` with `sleepMs`), queued straight in the database the way
 * `jobs.enqueue` writes it, so a drill can watch the runner drain it. SQLite only; a PostgreSQL drill inserts the same
 * row with `pg` here.
 */
function sqliteFile(databaseUrl: string): string {
  if (!databaseUrl.startsWith('file:')) throw new Error('drills/support/slow-job.ts knows SQLite only: add the PostgreSQL insert here');
  return databaseUrl.slice('file:'.length);
}

/** Dates as Prisma writes them to SQLite (text, `+00:00`). */
const sqliteDate = (date: Date) => date.toISOString().replace('Z', '+00:00');

export function enqueueSlowJob(databaseUrl: string, sleepMs: number): string {
  const sqlite = new Database(sqliteFile(databaseUrl));
  try {
    sqlite.pragma('busy_timeout = 10000');
    const id = `job_drill_${randomBytes(8).toString('hex')}`;
    const now = sqliteDate(new Date());
    sqlite
      .prepare(`INSERT INTO Job (id, type, payload, status, runAt, attempts, maxAttempts, createdAt, updatedAt) VALUES (?, 'diagnostics.noop', ?, 'queued', ?, 0, 3, ?, ?)`)
      .run(id, JSON.stringify({ sleepMs }), now, now, now);
    return id;
  } finally {
    sqlite.close();
  }
}

export function jobState(databaseUrl: string, id: string): { status: string; attempts: number } | undefined {
  const sqlite = new Database(sqliteFile(databaseUrl), { readonly: true });
  try {
    return sqlite.prepare('SELECT status, attempts FROM Job WHERE id = ?').get(id) as { status: string; attempts: number } | undefined;
  } finally {
    sqlite.close();
  }
}
