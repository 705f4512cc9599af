import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { sqlitePathFromUrl } from '@/lib/db/driver-adapters';
import { databaseEngine } from '@/lib/db/engine';
import { isStorageUnavailable, isUniqueViolation } from './db-errors';

/**
 * The error a real write gets from this file's database opened read-only: what a read-only disk gives the app. SQLite
 * only (a file opened read-only); PostgreSQL's codes are checked below from the driver's error shape.
 */
const onSqlite = databaseEngine() === 'sqlite';
const readOnly = onSqlite
  ? new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: sqlitePathFromUrl(process.env.DATABASE_URL!), readonly: true }) })
  : null;
afterAll(() => readOnly?.$disconnect());

const driverError = (cause: Record<string, unknown>) => Object.assign(new Error(String(cause.message ?? 'driver')), { name: 'DriverAdapterError', cause });

describe('isStorageUnavailable', () => {
  it.runIf(onSqlite)('recognises a real write to a read-only SQLite database', async () => {
    const error = await readOnly!.rateLimit.create({ data: { key: 'probe', points: 1, expire: null } }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(isStorageUnavailable(error)).toBe(true);
    expect(isUniqueViolation(error)).toBe(false);
  });

  it.each([
    [
      'SQLite disk full, as the adapter reports it',
      driverError({ kind: 'sqlite', originalCode: 'SQLITE_FULL', extendedCode: 13, message: 'database or disk is full' }),
    ],
    ['SQLite read-only, extended code', driverError({ kind: 'sqlite', originalCode: 'SQLITE_READONLY_DBMOVED', extendedCode: 1032 })],
    ['SQLite I/O error', driverError({ kind: 'sqlite', originalCode: 'SQLITE_IOERR_WRITE', extendedCode: 778 })],
    ['SQLite busy past the timeout', driverError({ kind: 'sqlite', originalCode: 'SQLITE_BUSY', extendedCode: 5 })],
    ['better-sqlite3 used directly', Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })],
    ['PostgreSQL disk_full', driverError({ kind: 'postgres', originalCode: '53100', code: '53100' })],
    ['PostgreSQL read-only transaction (a standby)', driverError({ kind: 'postgres', originalCode: '25006', code: '25006' })],
    ['PostgreSQL starting up', driverError({ kind: 'postgres', originalCode: '57P03', code: '57P03' })],
    ['PostgreSQL connection lost', driverError({ kind: 'postgres', originalCode: '08006', code: '08006' })],
    ['an unreachable database, either engine', driverError({ kind: 'DatabaseNotReachable' })],
    ['a pool timeout', Object.assign(new Error('Timed out fetching a new connection'), { code: 'P2024' })],
    ['wrapped once more', new Error('outer', { cause: driverError({ kind: 'sqlite', originalCode: 'SQLITE_FULL' }) })],
    [
      'wrapped by Prisma outside a transaction',
      Object.assign(new Error('Database error'), { code: 'P2039', meta: { driverAdapterError: driverError({ kind: 'sqlite', originalCode: 'SQLITE_FULL' }) } }),
    ],
  ])('%s: yes', (_label, error) => {
    expect(isStorageUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('Unique constraint failed'), { code: 'P2002' })],
    ['SQLite constraint', driverError({ kind: 'sqlite', originalCode: 'SQLITE_CONSTRAINT_CHECK', extendedCode: 275 })],
    ['PostgreSQL syntax error', driverError({ kind: 'postgres', originalCode: '42601', code: '42601' })],
    ['PostgreSQL serialization failure', driverError({ kind: 'postgres', originalCode: '40001', code: '40001' })],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'SQLITE_FULL'],
    ['nothing', null],
  ])('%s: no', (_label, error) => {
    expect(isStorageUnavailable(error)).toBe(false);
  });
});
