import { randomBytes } from 'node:crypto';
import { openTestSql } from '../test-sql';

/**
 * A job that takes its time (`diagnostics.noop` with `sleepMs`), queued straight in the database the way
 * `jobs.enqueue` writes it, so a drill can watch the runner drain it. Either engine (test-support/test-sql.ts).
 */
export async function enqueueSlowJob(databaseUrl: string, sleepMs: number): Promise<string> {
  const sql = openTestSql(databaseUrl);
  try {
    const id = `job_drill_${randomBytes(8).toString('hex')}`;
    const now = new Date();
    await sql.run(
      `INSERT INTO "Job" ("id", "type", "payload", "status", "runAt", "attempts", "maxAttempts", "createdAt", "updatedAt") VALUES (?, 'diagnostics.noop', ?, 'queued', ?, 0, 3, ?, ?)`,
      id,
      JSON.stringify({ sleepMs }),
      now,
      now,
      now,
    );
    return id;
  } finally {
    await sql.close();
  }
}

export async function jobState(databaseUrl: string, id: string): Promise<{ status: string; attempts: number } | undefined> {
  const sql = openTestSql(databaseUrl);
  try {
    return await sql.get<{ status: string; attempts: number }>('SELECT "status", "attempts" FROM "Job" WHERE "id" = ?', id);
  } finally {
    await sql.close();
  }
}
