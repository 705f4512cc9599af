#!/usr/bin/env node
// `npm run db:backup [-- <directory>]` (default data/backups): one consistent backup of the database while instances
// keep serving and writing, checked before it is reported.
//   SQLite      SQLite's online backup API (better-sqlite3's db.backup) into <directory>/app-<UTC time>.db, one
//               self-contained file (PRAGMA quick_check);
//   PostgreSQL  pg_dump in its custom format into <directory>/<database>-<UTC time>.dump (listed back with pg_restore
//               --list); pg_dump from PG_DUMP or the PATH, of the server's major version or newer (Debian:
//               postgresql-client-<major>). Restore: `pg_restore --no-owner -d <new database> <file>` (docs/deploy.md).
// BACKUP_KEEP=<n> then deletes all but the newest n backups of that database in the directory (the systemd timer's
// unit keeps 14).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_DATABASE_URL } from '../database/prepare-database.mjs';
import { isPostgresUrl } from '../database/prepare-postgres.mjs';

const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const directory = path.resolve(process.argv[2] ?? 'data/backups');
const stamp = new Date()
  .toISOString()
  .replace(/\.\d{3}Z$/, 'Z')
  .replaceAll(':', '-');
mkdirSync(directory, { recursive: true });

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** Keeps the newest BACKUP_KEEP backups named `<prefix>-<time><extension>`; the names sort by time. */
function prune(prefix, extension) {
  const keep = Number(process.env.BACKUP_KEEP || 0);
  if (!Number.isInteger(keep) || keep < 1) return;
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d{4}-\\d{2}-\\d{2}T[\\d-]+Z${extension.replace('.', '\\.')}$`);
  const old = readdirSync(directory)
    .filter((name) => pattern.test(name))
    .sort()
    .slice(0, -keep);
  for (const name of old) rmSync(path.join(directory, name));
  if (old.length > 0) console.log(`Deleted ${old.length} older backup(s), keeping the newest ${keep}.`);
}

async function backupSqlite() {
  const source = path.resolve(databaseUrl.replace(/^file:/, ''));
  const name = path.basename(source, path.extname(source));
  const target = path.join(directory, `${name}-${stamp}.db`);
  const database = new Database(source, { fileMustExist: true, timeout: 60_000 });
  try {
    await database.backup(target);
  } finally {
    database.close();
  }
  // The copy inherits WAL mode; a backup is one self-contained file, so switch it to a rollback journal.
  const copy = new Database(target);
  copy.pragma('journal_mode = DELETE');
  const check = copy.pragma('quick_check', { simple: true });
  copy.close();
  if (check !== 'ok') fail(`The copy at ${target} failed its integrity check: ${check}`);
  console.log(`Backed up ${source} to ${target} (${statSync(target).size} bytes, integrity ok).`);
  prune(name, '.db');
}

function backupPostgres() {
  const url = new URL(databaseUrl);
  // Prisma's ?schema= is not a libpq parameter: pg_dump gets it as --schema.
  const schema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  const name = decodeURIComponent(url.pathname.slice(1)) || 'postgres';
  const target = path.join(directory, `${name}-${stamp}.dump`);
  const pgDump = process.env.PG_DUMP || 'pg_dump';
  const dumped = spawnSync(pgDump, ['--format=custom', '--no-owner', `--file=${target}`, ...(schema ? [`--schema=${schema}`] : []), url.toString()], {
    encoding: 'utf8',
  });
  if (dumped.error?.code === 'ENOENT')
    fail(`db:backup needs pg_dump for PostgreSQL: install postgresql-client (the server's major version or newer) or set PG_DUMP.`);
  if (dumped.status !== 0) fail(`pg_dump failed: ${dumped.stderr.trim()}`);
  const pgRestore = pgDump.includes('/') ? path.join(path.dirname(pgDump), 'pg_restore') : 'pg_restore';
  const listed = spawnSync(pgRestore, ['--list', target], { encoding: 'utf8' });
  if (listed.status !== 0) fail(`The dump at ${target} cannot be read back (pg_restore --list): ${listed.stderr.trim()}`);
  const entries = listed.stdout.split('\n').filter((line) => line && !line.startsWith(';')).length;
  console.log(`Backed up ${name} to ${target} (${statSync(target).size} bytes, pg_dump custom format, ${entries} entries).`);
  prune(name, '.dump');
}

if (isPostgresUrl(databaseUrl)) backupPostgres();
else if (databaseUrl.startsWith('file:')) await backupSqlite();
else fail(`db:backup: DATABASE_URL is neither an SQLite file: URL nor a postgresql:// URL.`);
