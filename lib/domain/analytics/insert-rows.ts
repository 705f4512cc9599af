import { setImmediate as nextTurn } from 'node:timers/promises';
import { db } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';

/**
 * Rows a statement, well under SQLite's 32,766 and PostgreSQL's 65,535 parameters at 14 columns, and few enough that
 * one statement holds the event loop for a few milliseconds: better-sqlite3 runs it synchronously.
 */
const ROWS_PER_STATEMENT = 200;

/**
 * Inserts `rows` into `table` with multi-row INSERT statements, the same SQL on both engines. Prisma's createMany
 * spends about a millisecond of CPU per row here (the statement is built in JavaScript); a flush of a busy second's
 * page views would hold the event loop for seconds, so the batch writes its rows this way instead (bench/analytics.mjs).
 */
export async function insertRows<Row extends Record<string, string | number | Date | null>>(
  table: 'AnalyticsPageView' | 'AnalyticsEngagement',
  rows: Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const names = Prisma.raw(columns.map((column) => `"${column}"`).join(', '));
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const values = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => Prisma.sql`(${Prisma.join(columns.map((column) => row[column] ?? null))})`);
    await db.$executeRaw`INSERT INTO ${Prisma.raw(`"${table}"`)} (${names}) VALUES ${Prisma.join(values)}`;
    // Requests that arrived meanwhile are answered before the next statement: a busy flush never holds a page up
    // for longer than one statement (on SQLite the statement runs on this thread).
    await nextTurn();
  }
}
