import Database from 'better-sqlite3';
import { inject } from 'vitest';

const path = () => inject('databaseUrl').replace(/^file:/, '');

/** Read-only access to the server's database, to check that responses are computed from the data. */
export function readDatabase() {
  return new Database(path(), { readonly: true, fileMustExist: true });
}

/** Write access, for arranging states an HTTP client cannot reach quickly (an expired checkout, a ready report). */
export function writeDatabase() {
  const db = new Database(path(), { fileMustExist: true });
  db.pragma('busy_timeout = 10000');
  return db;
}
