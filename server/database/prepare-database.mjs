import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { isPostgresUrl, preparePostgres } from './prepare-postgres.mjs';
import { localMigrations } from './local-migrations.mjs';
import { runOrThrow } from '../run.mjs';
import { compiledEntry, isCheckout } from '../compiled.mjs';
import { backfillTokenDigests } from './token-digest-backfill.mjs';

export const DEFAULT_DATABASE_URL = 'file:./data/app.db';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../prisma/migrations');
/** Another instance may hold the write lock for a moment; wait for it rather than fail. */
const BUSY_WAIT_MS = 60_000;

function sqlitePath(url) {
  return path.resolve(process.cwd(), url.replace(/^file:/, ''));
}

/**
 * Whether the SQLite database at `file` has every migration of prisma/migrations applied (finished, not rolled back,
 * same checksum) and none failed or still being applied: then `migrate deploy` would do nothing. Read directly, with a
 * busy timeout and without starting Prisma, so the usual start (nothing to do) costs milliseconds and never competes
 * with running instances for a lock. Anything else (a new database, a pending or failed migration, an edited file) is
 * left to Prisma.
 */
export function sqliteMigrationsApplied(file) {
  if (!existsSync(file)) return false;
  const sqlite = new Database(file, { readonly: true, fileMustExist: true, timeout: BUSY_WAIT_MS });
  try {
    const hasHistory = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'").get();
    if (!hasHistory) return false;
    const rows = sqlite
      .prepare('SELECT migration_name AS name, checksum, finished_at AS finishedAt FROM _prisma_migrations WHERE rolled_back_at IS NULL')
      .all();
    if (rows.some((row) => row.finishedAt === null)) return false;
    const applied = new Map(rows.map((row) => [row.name, row.checksum]));
    return localMigrations(MIGRATIONS_DIR).every((migration) => applied.get(migration.name) === migration.checksum);
  } finally {
    sqlite.close();
  }
}

/** Readers never wait for a writer in WAL mode. Switching needs the write lock, so only ask when it is not on yet. */
function switchToWriteAheadLog(file) {
  const sqlite = new Database(file, { timeout: BUSY_WAIT_MS });
  try {
    if (sqlite.pragma('journal_mode', { simple: true }) !== 'wal') sqlite.pragma('journal_mode = WAL');
  } finally {
    sqlite.close();
  }
}

/**
 * The seed loader: prisma/seed.ts through tsx in a checkout (tests prepare databases without a build), its compiled
 * form in the release folder, which has no TypeScript (`npm start` passes the compiled one in a checkout too).
 */
function defaultSeedCommand() {
  return isCheckout()
    ? [process.execPath, ['node_modules/tsx/dist/cli.mjs', 'prisma/seed.ts', '--if-empty']]
    : [process.execPath, [compiledEntry('seed'), '--if-empty']];
}

/**
 * Brings a database up to date: applies migrations (Prisma Migrate, offline-capable through tools/prisma-offline/prisma.mjs) unless
 * an SQLite database already has them all, switches SQLite to WAL, fills token digests SQL could not compute, and
 * loads the seed content when the database has none. Safe to run at every start, also while other instances serve and write.
 */
export async function prepareDatabase({ env = process.env, quiet = false, seed = true, seedCommand = defaultSeedCommand() } = {}) {
  const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const childEnv = { ...env, DATABASE_URL: databaseUrl };
  // PostgreSQL, which several instances share, migrates and seeds under an advisory lock.
  if (isPostgresUrl(databaseUrl)) return preparePostgres({ env: childEnv, quiet, seed, seedCommand });
  const sqliteFile = databaseUrl.startsWith('file:') ? sqlitePath(databaseUrl) : null;
  if (sqliteFile) mkdirSync(path.dirname(sqliteFile), { recursive: true });

  if (sqliteFile && sqliteMigrationsApplied(sqliteFile)) {
    if (!quiet) console.log('Database: every migration is applied.');
  } else {
    await runOrThrow(process.execPath, ['tools/prisma-offline/prisma.mjs', 'migrate', 'deploy'], { env: childEnv, quiet });
  }

  if (sqliteFile) {
    switchToWriteAheadLog(sqliteFile);
    const filled = backfillTokenDigests(sqliteFile, { busyTimeoutMs: BUSY_WAIT_MS });
    if (filled > 0 && !quiet) console.log(`Database: stored the digests of ${filled} secret tokens written before they had one.`);
  }
  if (seed) {
    await runOrThrow(...seedCommand, { env: childEnv, quiet });
  }
  return databaseUrl;
}
