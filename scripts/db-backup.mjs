#!/usr/bin/env node
// `npm run db:backup [-- <directory>]`: a consistent copy of the embedded SQLite database, taken with SQLite's online
// backup API (better-sqlite3's db.backup) while instances keep serving and writing, into
// <directory>/app-<UTC time>.db (default data/backups), one self-contained file, checked (PRAGMA quick_check) before
// it is reported.
// PostgreSQL databases are backed up with pg_dump instead (see deploy/README.md).
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_DATABASE_URL } from '../server/database/prepare-database.mjs';

const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
if (!databaseUrl.startsWith('file:')) {
  console.error('db:backup copies the embedded SQLite database only; back up PostgreSQL with pg_dump (see deploy/README.md, Backups).');
  process.exit(1);
}

const source = path.resolve(databaseUrl.replace(/^file:/, ''));
const directory = path.resolve(process.argv[2] ?? 'data/backups');
const stamp = new Date()
  .toISOString()
  .replace(/\.\d{3}Z$/, 'Z')
  .replaceAll(':', '-');
const target = path.join(directory, `${path.basename(source, path.extname(source))}-${stamp}.db`);

mkdirSync(directory, { recursive: true });
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
if (check !== 'ok') {
  console.error(`The copy at ${target} failed its integrity check: ${check}`);
  process.exit(1);
}
console.log(`Backed up ${source} to ${target} (${statSync(target).size} bytes, integrity ok).`);
