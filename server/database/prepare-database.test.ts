import { copyFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseEngine } from '@/lib/db/engine';
import { temporaryDirectory } from '@/test-support/temporary-directory';
import { prepareDatabase, sqliteMigrationsApplied } from './prepare-database.mjs';

// SQLite's start-up path; PostgreSQL's advisory-locked one is e2e/api/several-instances.test.ts.
const onSqlite = databaseEngine() === 'sqlite';

// A copy of this test file's migrated database (test-support/vitest/database-per-file.setup.ts) that each test may change.
let file: string;
let sqlite: Database.Database;
beforeEach(() => {
  file = path.join(temporaryDirectory('toc-prepare-'), 'app.db');
  copyFileSync(process.env.DATABASE_URL!.replace(/^file:/, ''), file);
  sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
});
afterEach(() => sqlite.close());

const newestMigration = () =>
  readdirSync('prisma/migrations')
    .filter((name) => /^\d+_/.test(name))
    .sort()
    .at(-1)!;

describe.runIf(onSqlite)('sqliteMigrationsApplied: may `npm start` skip `migrate deploy`?', () => {
  it('yes, when every migration of prisma/migrations is applied', () => {
    expect(sqliteMigrationsApplied(file)).toBe(true);
  });

  it('yes, even while another connection holds the write lock (readers do not wait in WAL mode)', () => {
    sqlite.exec('BEGIN IMMEDIATE');
    sqlite.prepare("INSERT INTO RateLimit (key, points) VALUES ('writes:198.51.100.1', 1)").run();
    const started = Date.now();
    expect(sqliteMigrationsApplied(file)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    sqlite.exec('ROLLBACK');
  });

  it('no, when there is no database yet', () => {
    expect(sqliteMigrationsApplied(path.join(path.dirname(file), 'missing.db'))).toBe(false);
  });

  it('no, when a migration is pending', () => {
    sqlite.prepare('DELETE FROM _prisma_migrations WHERE migration_name = ?').run(newestMigration());
    expect(sqliteMigrationsApplied(file)).toBe(false);
  });

  it('no, when a migration failed or is being applied (Prisma reports or waits)', () => {
    sqlite.prepare('UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = ?').run(newestMigration());
    expect(sqliteMigrationsApplied(file)).toBe(false);
  });

  it('no, when an applied migration file was edited since (Prisma decides what that means)', () => {
    sqlite.prepare("UPDATE _prisma_migrations SET checksum = 'edited' WHERE migration_name = ?").run(newestMigration());
    expect(sqliteMigrationsApplied(file)).toBe(false);
  });

  it('no, when the last try of a migration was rolled back and it was not applied again', () => {
    sqlite.prepare('UPDATE _prisma_migrations SET rolled_back_at = finished_at WHERE migration_name = ?').run(newestMigration());
    expect(sqliteMigrationsApplied(file)).toBe(false);
  });

  it('no, when the database has no migration history', () => {
    sqlite.exec('DROP TABLE _prisma_migrations');
    expect(sqliteMigrationsApplied(file)).toBe(false);
  });
});

describe.runIf(onSqlite)('prepareDatabase', () => {
  it('applies pending migrations while another connection keeps the database open and writes', { timeout: 60_000 }, async () => {
    // A database with an empty migration history, held open and written to by "another instance" (this connection).
    const fresh = path.join(path.dirname(file), 'fresh.db');
    const other = new Database(fresh);
    other.pragma('journal_mode = WAL');
    const { sql: historyTable } = sqlite.prepare("SELECT sql FROM sqlite_master WHERE name = '_prisma_migrations'").get() as { sql: string };
    other.exec(historyTable);
    other.exec('CREATE TABLE busy (n INTEGER)');
    const insert = other.prepare('INSERT INTO busy (n) VALUES (?)');
    let writes = 0;
    const writer = setInterval(() => insert.run((writes += 1)), 2);
    try {
      await prepareDatabase({ env: { ...process.env, DATABASE_URL: `file:${fresh}` }, quiet: true, seed: false });
    } finally {
      clearInterval(writer);
    }
    expect(sqliteMigrationsApplied(fresh)).toBe(true);
    expect(writes).toBeGreaterThan(100);
    expect(other.pragma('journal_mode', { simple: true })).toBe('wal');
    other.close();
  });
});
