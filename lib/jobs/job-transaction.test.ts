import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { db, sqlitePathFromUrl } from '@/lib/db/client';
import { isStorageUnavailable } from '@/lib/db/db-errors';
import { databaseEngine } from '@/lib/db/engine';
import { transactionWithJobs } from './job-transaction';

/*
 * SQLite refuses a write at once (SQLITE_BUSY_SNAPSHOT) when the transaction read first and another connection
 * committed since: what a burst of bookings meets while the job runner (another process) writes. Reproduced here with a
 * second real connection to the same file.
 */
const onSqlite = databaseEngine() === 'sqlite';
const other = onSqlite ? new Database(sqlitePathFromUrl(process.env.DATABASE_URL!)) : null;
afterAll(() => other?.close());

describe.runIf(onSqlite)('transactionWithJobs on SQLite', () => {
  it('runs a transaction SQLite refused as busy again, and commits it once', async () => {
    let attempts = 0;
    await transactionWithJobs(async (tx, jobs) => {
      attempts += 1;
      await tx.rateLimit.findMany({ where: { key: 'busy-probe' } });
      // Another process commits between this transaction's read and its first write.
      if (attempts === 1) other!.prepare(`INSERT INTO RateLimit (key, points) VALUES ('busy-other', 1)`).run();
      await tx.rateLimit.create({ data: { key: 'busy-probe', points: attempts } });
      await jobs.enqueue({ type: 'diagnostics.noop', payload: {} });
    });
    expect(attempts).toBe(2);
    expect(await db.rateLimit.findMany({ where: { key: { startsWith: 'busy-' } }, orderBy: { key: 'asc' } })).toEqual([
      { key: 'busy-other', points: 1, expire: null },
      { key: 'busy-probe', points: 2, expire: null },
    ]);
    expect(await db.job.count({ where: { type: 'diagnostics.noop' } })).toBe(1);
  });

  it('gives up after four refusals with the storage error', async () => {
    let attempts = 0;
    const attempt = transactionWithJobs(async (tx) => {
      attempts += 1;
      await tx.rateLimit.findMany({ where: { key: 'never' } });
      other!.prepare(`INSERT INTO RateLimit (key, points) VALUES (?, 1)`).run(`busy-again-${attempts}`);
      await tx.rateLimit.create({ data: { key: 'never', points: 1 } });
    });
    expect(isStorageUnavailable(await attempt.catch((error: unknown) => error))).toBe(true);
    expect(attempts).toBe(4);
    expect(await db.rateLimit.count({ where: { key: 'never' } })).toBe(0);
  });
});
