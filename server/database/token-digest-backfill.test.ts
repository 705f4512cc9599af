import { createHash } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databaseEngine } from '@/lib/db/engine';
import { temporaryDirectory } from '@/test-support/temporary-directory';
import { backfillTokenDigests } from './token-digest-backfill.mjs';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A copy of this test file's migrated, seeded database with a checkout, its report and a booking written before digests. */
function databaseWithOldRows() {
  const file = path.join(temporaryDirectory('toc-backfill-'), 'app.db');
  copyFileSync(process.env.DATABASE_URL!.replace(/^file:/, ''), file);
  const sqlite = new Database(file);
  const now = new Date().toISOString();
  sqlite
    .prepare(
      `INSERT INTO Checkout (token, serviceId, serviceName, amountMinor, currency, purchaseDigest, buyerInputs, status, provider, providerSessionId, paymentUrl, createdAt, expiresAt)
       VALUES ('old-checkout-token', 'constraint-snapshot', 'Snapshot', 100, 'USD', 'pd:x', '{}', 'complete', 'sandbox', 'sbx_old', 'http://x', ?, ?)`,
    )
    .run(now, now);
  sqlite
    .prepare(
      `INSERT INTO Report (token, checkoutToken, serviceId, status, createdAt) VALUES ('old-report-token', 'old-checkout-token', 'constraint-snapshot', 'queued', ?)`,
    )
    .run(now);
  sqlite
    .prepare(
      `INSERT INTO Booking (id, name, email, context, durationMinutes, preferredTimes, status, scheduledStart, scheduledEnd, manageToken, createdAt)
       VALUES ('bkg_old', 'Old', 'old@example.com', 'Old booking', 60, '[]', 'pending', ?, ?, 'old-manage-token', ?)`,
    )
    .run(now, now, now);
  sqlite.close();
  return file;
}

describe('backfillTokenDigests', () => {
  // SQLite only: no PostgreSQL database predates the digests (its baseline has them), so it has no rows to fill.
  it.runIf(databaseEngine() === 'sqlite')('stores the sha256 of every token written before digests existed, once', () => {
    const file = databaseWithOldRows();
    expect(backfillTokenDigests(file)).toBe(3);
    const sqlite = new Database(file, { readonly: true });
    expect(sqlite.prepare(`SELECT tokenDigest FROM Checkout WHERE token = 'old-checkout-token'`).get()).toEqual({ tokenDigest: sha256('old-checkout-token') });
    expect(sqlite.prepare(`SELECT tokenDigest FROM Report WHERE token = 'old-report-token'`).get()).toEqual({ tokenDigest: sha256('old-report-token') });
    expect(sqlite.prepare(`SELECT manageTokenDigest FROM Booking WHERE id = 'bkg_old'`).get()).toEqual({ manageTokenDigest: sha256('old-manage-token') });
    sqlite.close();
    expect(backfillTokenDigests(file)).toBe(0);
  });
});
