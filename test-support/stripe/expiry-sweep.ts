import type { TestSql } from '../test-sql';

/**
 * Makes the checkout expiry sweep (a recurring job, a minute apart) due now under its own id, as its next run would
 * be, so a test need not wait for it: the server's runner takes it at its next poll.
 */
export async function makeExpirySweepDue(database: TestSql, id: string): Promise<void> {
  const now = new Date();
  await database.run(
    `INSERT INTO "Job" ("id", "type", "payload", "status", "runAt", "attempts", "maxAttempts", "createdAt", "updatedAt")
     VALUES (?, 'checkout.expire-overdue', '{}', 'queued', ?, 0, 3, ?, ?)`,
    id,
    now,
    now,
    now,
  );
}
