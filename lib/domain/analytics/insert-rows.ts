import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RawSql, SqlValue } from '@/lib/db/raw-sql';

/**
 * The columns written, each with its PostgreSQL type (prisma/postgres/schema.prisma: a DateTime is TIMESTAMP(3)).
 * SQLite takes the JSON values as they are: text, whole numbers and null.
 */
const COLUMNS = {
  AnalyticsPageView: {
    day: 'text',
    at: 'timestamp(3)',
    visitor: 'text',
    path: 'text',
    insightId: 'text',
    serviceId: 'text',
    referrerHost: 'text',
    utmSource: 'text',
    utmMedium: 'text',
    utmCampaign: 'text',
    country: 'text',
    device: 'text',
    views: 'integer',
    source: 'text',
  },
  AnalyticsEngagement: { day: 'text', at: 'timestamp(3)', visitor: 'text', path: 'text', insightId: 'text', seconds: 'integer', scrollPercent: 'integer' },
} as const;

type Table = keyof typeof COLUMNS;
export type RowOf<T extends Table> = { [Column in keyof (typeof COLUMNS)[T]]: SqlValue };

/** Rows a statement: one JSON text of about 250 KB, parsed by the database in a few milliseconds. */
const ROWS_PER_STATEMENT = 1000;

/**
 * A time as the driver adapters write a DateTime (so Prisma reads it back the same): on SQLite ISO 8601 with
 * `+00:00` (adapter-better-sqlite3's "iso8601"), on PostgreSQL the UTC wall time, cast to TIMESTAMP(3).
 */
const timeText = (at: Date, engine: RawSql['engine']) => (engine === 'sqlite' ? at.toISOString().replace('Z', '+00:00') : at.toISOString().slice(0, -1));

/**
 * Inserts `rows` into `table`, a thousand to a statement whose one parameter is the rows as a JSON array of arrays,
 * taken apart by the database (json_each on SQLite, json_array_elements on PostgreSQL). With a parameter per value
 * (a multi-row INSERT of 200 rows, 2,800 parameters, each mapped and bound by the driver adapter and parsed again by
 * the database every statement) a flush of 2,000 page views took 140–176 ms of CPU on SQLite; this way 65–71 ms, most
 * of it now working the rows out (docs/performance.md, "Analytics").
 */
export async function insertRows<T extends Table>(sql: Pick<RawSql, 'run' | 'engine'>, table: T, rows: RowOf<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(COLUMNS[table]) as [keyof RowOf<T>, string][];
  const values = columns.map(([, type], index) => (sql.engine === 'sqlite' ? `value->>${index}` : `CAST(value->>${index} AS ${type})`));
  const from = sql.engine === 'sqlite' ? 'json_each(?)' : 'json_array_elements(CAST(? AS json)) AS rows(value)';
  const statement = `INSERT INTO "${table}" (${columns.map(([column]) => `"${String(column)}"`).join(', ')}) SELECT ${values.join(', ')} FROM ${from}`;
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) =>
      columns.map(([column]) => {
        const value = row[column] ?? null;
        // A lone surrogate (a beacon may send one) is stored as U+FFFD, as the drivers encode a parameter; left in the
        // JSON, PostgreSQL would refuse the whole statement.
        return value instanceof Date ? timeText(value, sql.engine) : typeof value === 'string' ? value.toWellFormed() : value;
      }),
    );
    await sql.run(statement, [JSON.stringify(chunk)]);
    // Whatever else this thread has to do goes first between two statements (when the batch is written in the web
    // server's own thread, that is answering requests).
    await nextTurn();
  }
}
