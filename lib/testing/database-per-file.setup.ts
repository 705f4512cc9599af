import { copyFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import Database from 'better-sqlite3';

// Runs before each test file is imported, so lib/db/client.ts opens this file's own copy of the seeded database.
const dir = mkdtempSync(path.join(os.tmpdir(), 'toc-unit-file-'));
const target = path.join(dir, 'app.db');
// Checkpoint first: the template is in WAL mode and a plain file copy must contain every committed page.
const template = new Database(inject('templateDatabasePath'));
template.pragma('wal_checkpoint(TRUNCATE)');
template.close();
copyFileSync(inject('templateDatabasePath'), target);
process.env.DATABASE_URL = `file:${target}`;
process.env.CONTENT_REVALIDATE_MS = '0';
