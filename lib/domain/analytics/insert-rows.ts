import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RawSql, SqlValue } from '@/lib/db/raw-sql';

/**
 * Rows a statement, well under SQLite's 32,766 and PostgreSQL's 65,535 parameters at 14 columns, and few enough that
 * one statement holds its thread for a few milliseconds: better-sqlite3 runs it synchronously.
 */
const ROWS_PER_STATEMENT = 200;

/**
 * Inserts `rows` into `table` with multi-row INSERT statements, the same SQL on both engines. Prisma's createMany
 * spends about a millisecond of CPU per row here (the statement is built in JavaScript), so a busy second's page views
 * are written this way instead (bench/analytics.mjs).
 */
export async function insertRows<Row extends Record<string, SqlValue>>(
  sql: RawSql,
  table: 'AnalyticsPageView' | 'AnalyticsEngagement',
  rows: Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const names = columns.map((column) => `"${column}"`).join(', ');
  const marks = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    await sql.run(
      `INSERT INTO "${table}" (${names}) VALUES ${chunk.map(() => marks).join(', ')}`,
      chunk.flatMap((row) => columns.map((column) => row[column] ?? null)),
    );
    // Whatever else this thread has to do goes first between two statements (when the batch is written in the web
    // server's own thread, that is answering requests).
    await nextTurn();
  }
}
