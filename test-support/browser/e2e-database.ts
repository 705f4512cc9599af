import path from 'node:path';
import type { TestSql } from '../test-sql';
import { openTestSql } from '../test-sql';

/**
 * The e2e server's database through the engine-neutral helper (see TestSql): to check that a journey stored what it
 * should, and to arrange what a visitor cannot reach quickly (a consultation that starts in two hours).
 */
export function e2eDatabase(): TestSql {
  return openTestSql(`file:${path.join(process.env.E2E_DATABASE_DIR!, 'app.db')}`);
}
