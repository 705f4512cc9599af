import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

/** Each public secret token and the column holding its sha256 (migration 20261123100000_secret_token_digests; on PostgreSQL the baseline has them from the start). */
const TOKEN_COLUMNS = [
  { table: 'Checkout', token: 'token', digest: 'tokenDigest' },
  { table: 'Report', token: 'token', digest: 'tokenDigest' },
  { table: 'Booking', token: 'manageToken', digest: 'manageTokenDigest' },
];

/** As lib/core/secret-tokens.ts computes it. */
const digestOf = (token) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Fills the token digests of rows written before they existed: SQLite has no sha256 for the migration to use. Finding
 * none costs one indexed read per table, so it runs at every start; the few rows found are filled in one transaction.
 * Returns how many rows it filled. (A PostgreSQL migration computes them in SQL instead.)
 */
export function backfillTokenDigests(file, { busyTimeoutMs = 60_000 } = {}) {
  const sqlite = new Database(file, { timeout: busyTimeoutMs });
  try {
    const missing = TOKEN_COLUMNS.flatMap(({ table, token, digest }) =>
      sqlite
        .prepare(`SELECT "${token}" AS token FROM "${table}" WHERE "${digest}" IS NULL`)
        .all()
        .map((row) => ({ table, token, digest, value: row.token })),
    );
    if (missing.length === 0) return 0;
    sqlite.transaction(() => {
      for (const row of missing) {
        sqlite
          .prepare(`UPDATE "${row.table}" SET "${row.digest}" = ? WHERE "${row.token}" = ? AND "${row.digest}" IS NULL`)
          .run(digestOf(row.value), row.value);
      }
    })();
    return missing.length;
  } finally {
    sqlite.close();
  }
}
