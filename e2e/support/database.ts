import path from 'node:path';
import Database from 'better-sqlite3';

/** Read-only view of the e2e server's database, to check that a journey stored what it should. */
export function e2eDatabase() {
  return new Database(path.join(process.env.E2E_DATABASE_DIR!, 'app.db'), { readonly: true, fileMustExist: true });
}

/** Write access, to arrange what a visitor cannot reach quickly (a consultation that starts in two hours). */
export function e2eWritableDatabase() {
  const db = new Database(path.join(process.env.E2E_DATABASE_DIR!, 'app.db'), { fileMustExist: true });
  db.pragma('busy_timeout = 10000');
  return db;
}
