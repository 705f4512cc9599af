import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { sqlitePathFromUrl } from '@/lib/db/driver-adapters';
import { databaseEngine } from '@/lib/db/engine';
import { immediateTransactions } from './sqlite-immediate-transactions';

/**
 * The cause of the SQLite burst failures (e2e/api/webhook-burst.test.ts), step by step: a transaction of this process,
 * a read from elsewhere in the process that runs inside it on the shared connection, a write committed by another
 * process (here a second connection), then the transaction's own write.
 */
const onSqlite = databaseEngine() === 'sqlite';
const file = onSqlite ? sqlitePathFromUrl(process.env.DATABASE_URL!) : '';
const clients: PrismaClient[] = [];
const open = (immediate: boolean) => {
  const factory = new PrismaBetterSqlite3({ url: file, timeout: 2000 });
  const client = new PrismaClient({ adapter: immediate ? immediateTransactions(factory) : factory });
  clients.push(client);
  return client;
};
/** Another process's connection, which gives up at once when the database is locked. */
const otherProcess = onSqlite ? new Database(file, { timeout: 0 }) : null;
afterAll(async () => {
  otherProcess?.close();
  await Promise.all(clients.map((client) => client.$disconnect()));
});

const writeElsewhere = (key: string) => otherProcess!.prepare(`INSERT INTO "RateLimit" (key, points) VALUES (?, 1)`).run(key);

describe.runIf(onSqlite)('SQLite transactions', () => {
  it('with a deferred BEGIN, fail at their first write once a read of the process pinned a snapshot another process has moved past', async () => {
    const app = open(false);
    const attempt = app.$transaction(async (tx) => {
      await app.rateLimit.findMany({ take: 1 }); // the job runner's claim, running inside this transaction
      writeElsewhere('deferred-other');
      await tx.rateLimit.create({ data: { key: 'deferred-own', points: 1 } });
    });
    await expect(attempt).rejects.toThrow('Operation has timed out');
  });

  it('with BEGIN IMMEDIATE, hold the write lock from the start: the other writer waits for them, and they commit', async () => {
    const app = open(true);
    let otherError: unknown;
    await app.$transaction(async (tx) => {
      await app.rateLimit.findMany({ take: 1 });
      try {
        writeElsewhere('immediate-other');
      } catch (error) {
        otherError = error;
      }
      await tx.rateLimit.create({ data: { key: 'immediate-own', points: 1 } });
    });
    expect((otherError as { code?: string }).code).toBe('SQLITE_BUSY');
    writeElsewhere('immediate-other');
    expect((await app.rateLimit.findMany({ where: { key: { startsWith: 'immediate-' } }, orderBy: { key: 'asc' } })).map((row) => row.key)).toEqual([
      'immediate-other',
      'immediate-own',
    ]);
  });

  it('roll back as before when their work throws, and hand the connection to the next transaction', async () => {
    const app = open(true);
    await expect(
      app.$transaction(async (tx) => {
        await tx.rateLimit.create({ data: { key: 'rolled-back', points: 1 } });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const [first, second] = await Promise.all([
      app.$transaction((tx) => tx.rateLimit.create({ data: { key: 'next-1', points: 1 } })),
      app.$transaction((tx) => tx.rateLimit.create({ data: { key: 'next-2', points: 1 } })),
    ]);
    expect([first.key, second.key]).toEqual(['next-1', 'next-2']);
    expect(await app.rateLimit.count({ where: { key: 'rolled-back' } })).toBe(0);
  });
});
