import { inject } from 'vitest';
import type { TestSql } from '../test-sql';
import { openTestSql } from '../test-sql';

/**
 * The test server's database, SQLite or PostgreSQL alike (see TestSql for the SQL both read): to check that responses
 * are computed from the data, and to arrange states an HTTP client cannot reach quickly (an expired checkout, a ready
 * report). Connects on first use.
 */
export function serverDatabase(): TestSql {
  return openTestSql(inject('databaseUrl'));
}
