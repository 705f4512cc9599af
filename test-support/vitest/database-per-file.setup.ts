import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import Database from 'better-sqlite3';
import { clonePostgresDatabase } from '../postgres/postgres-test-databases.mjs';
import { TEST_SESSION_SECRET } from '../test-server.mjs';
import { temporaryDirectory } from '../temporary-directory';

// Runs before each test file is imported, so lib/db/client.ts opens this file's own copy of the seeded database.
const templateUrl = inject('templateDatabaseUrl');
if (templateUrl.startsWith('file:')) {
  const templatePath = templateUrl.replace(/^file:/, '');
  // Removed when the file's tests end: each copy is a few megabytes, and there is one per file. It sits in the
  // template's folder, which the global setup removes at the end of the run, so a file whose tests were all skipped
  // (Vitest runs none of its hooks) leaves nothing behind either.
  const dir = temporaryDirectory('file-', path.dirname(templatePath));
  const target = path.join(dir, 'app.db');
  // Checkpoint first: the template is in WAL mode and a plain file copy must contain every committed page.
  const template = new Database(templatePath);
  template.pragma('wal_checkpoint(TRUNCATE)');
  template.close();
  copyFileSync(templatePath, target);
  process.env.DATABASE_URL = `file:${target}`;
} else {
  // PostgreSQL (npm run test:pg): a database cloned from the template, dropped when the file's tests are done.
  const database = await clonePostgresDatabase(templateUrl, 'toc_unit_file_');
  process.env.DATABASE_URL = database.databaseUrl;
  process.env.SESSION_SECRET ??= TEST_SESSION_SECRET;
  afterAll(() => database.remove());
}
process.env.CONTENT_REVALIDATE_MS = '0';
// The code under test logs what it does (failed attempts, retries); unit tests read rows, not the log. Processes they
// start (test-support/worker-processes.ts) log at info for the tests that read their output.
process.env.LOG_LEVEL ??= 'silent';
