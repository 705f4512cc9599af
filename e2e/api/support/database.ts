import Database from 'better-sqlite3';
import { inject } from 'vitest';

/** Read-only access to the server's database, to check that responses are computed from the data. */
export function readDatabase() {
  return new Database(inject('databaseUrl').replace(/^file:/, ''), { readonly: true, fileMustExist: true });
}
