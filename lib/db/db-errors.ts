/** Prisma reports a unique or primary-key violation as P2002, whatever the engine. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}

/**
 * Failures of the storage itself rather than of the request: a full disk, a read-only or unreachable database, a lock
 * held too long. Retrying later can succeed and nothing was written (every write is one transaction), so callers
 * answer 503, not 500.
 *   - SQLite (better-sqlite3 adapter): the driver's result code, SQLITE_FULL, SQLITE_READONLY_*, SQLITE_IOERR_*,
 *     SQLITE_CANTOPEN, SQLITE_BUSY.
 *   - PostgreSQL (pg adapter): SQLSTATE class 53 (insufficient resources: 53100 disk_full), 08 (connection exception),
 *     25006 (read_only_sql_transaction, e.g. a standby), 57P01-57P03 (shutting down, cannot connect now).
 *   - Either engine: the adapter's engine-neutral kinds and Prisma's connection error codes.
 */
const SQLITE_CODES = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY)/;
const POSTGRES_CODES = /^(53|08|25006$|57P0[123]$)/;
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'TooManyConnections', 'SocketTimeout']);
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);

type ErrorFacts = { code?: unknown; originalCode?: unknown; kind?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };

export function isStorageUnavailable(error: unknown): boolean {
  // The driver's facts sit a level or two down: in `cause` of the adapter's error (as a transaction throws it), which
  // a plain query wraps once more in Prisma's own error, under `meta.driverAdapterError`.
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 4; depth += 1) {
    const facts = current as ErrorFacts;
    const kind = typeof facts.kind === 'string' ? facts.kind : undefined;
    const driverCode = typeof facts.originalCode === 'string' ? facts.originalCode : typeof facts.code === 'string' ? facts.code : '';
    if (kind && ADAPTER_KINDS.has(kind)) return true;
    if (PRISMA_CODES.has(driverCode)) return true;
    if ((kind === 'sqlite' || driverCode.startsWith('SQLITE_')) && SQLITE_CODES.test(driverCode)) return true;
    if (kind === 'postgres' && POSTGRES_CODES.test(driverCode)) return true;
    current = facts.cause ?? facts.meta?.driverAdapterError;
  }
  return false;
}
