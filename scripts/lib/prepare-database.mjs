import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { isPostgresUrl, preparePostgres } from './prepare-postgres.mjs';
import { runOrThrow } from './run.mjs';

export const DEFAULT_DATABASE_URL = 'file:./data/app.db';

function sqlitePath(url) {
  return path.resolve(process.cwd(), url.replace(/^file:/, ''));
}

/**
 * Brings a database up to date: applies migrations (Prisma Migrate, offline-capable through
 * scripts/prisma.mjs), switches SQLite to WAL so readers never wait for a writer, and loads the seed
 * content when the database has none. Safe to run at every start.
 */
export async function prepareDatabase({ env = process.env, quiet = false, seed = true } = {}) {
  const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const childEnv = { ...env, DATABASE_URL: databaseUrl };
  // PostgreSQL, which several instances share, migrates and seeds under an advisory lock.
  if (isPostgresUrl(databaseUrl)) return preparePostgres({ env: childEnv, quiet, seed });
  if (databaseUrl.startsWith('file:')) mkdirSync(path.dirname(sqlitePath(databaseUrl)), { recursive: true });

  await runOrThrow(process.execPath, ['scripts/prisma.mjs', 'migrate', 'deploy'], { env: childEnv, quiet });

  if (databaseUrl.startsWith('file:')) {
    const sqlite = new Database(sqlitePath(databaseUrl));
    sqlite.pragma('journal_mode = WAL');
    sqlite.close();
  }
  if (seed) {
    await runOrThrow(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'prisma/seed.ts', '--if-empty'], { env: childEnv, quiet });
  }
  return databaseUrl;
}
