import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

export type SqlParam = string | number | boolean | null | Date;
export type Row = Record<string, unknown>;

/**
 * A test's direct line to the server's database, the same on SQLite and PostgreSQL, for checking what a request
 * stored and for arranging states an HTTP client cannot reach quickly. Write SQL that both engines read:
 * - `?` placeholders (numbered `$1, $2 …` on PostgreSQL) and double-quoted identifiers (`"Booking"."scheduledStart"`;
 *   PostgreSQL folds unquoted names to lower case);
 * - `true`/`false` literals; boolean columns read as 1/0 on both engines, boolean parameters are written as either;
 * - Json columns read as JSON text on both (JSON.parse them) and are written from JSON text;
 *   `CAST(payload AS text)` to match their text with LIKE;
 * - DateTime columns read as Prisma's SQLite text (`2026-11-24T15:00:00.000+00:00`) on both; pass a Date to write or
 *   compare one (it is written as each engine stores instants, UTC);
 * - COUNT(*) reads as a number on both.
 */
export interface TestSql {
  all<T = Row>(sql: string, ...params: SqlParam[]): Promise<T[]>;
  get<T = Row>(sql: string, ...params: SqlParam[]): Promise<T | undefined>;
  /** A write; resolves with the number of rows it changed. */
  run(sql: string, ...params: SqlParam[]): Promise<number>;
  /** Statements separated by `;`, without parameters, in one transaction. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

/**
 * Opens `databaseUrl` (`file:…` or `postgresql://…`); connects on first use, so a test module can open it at load.
 * `readOnly` opens an SQLite file read-only, so that closing it leaves the -wal and -shm files as they were (the last
 * read-write connection checkpoints and deletes them); PostgreSQL ignores it.
 */
export function openTestSql(databaseUrl: string, { readOnly = false }: { readOnly?: boolean } = {}): TestSql {
  return isPostgresUrl(databaseUrl) ? postgresSql(databaseUrl) : sqliteSql(databaseUrl, readOnly);
}

/** Prisma's SQLite adapter stores instants as ISO 8601 text with `+00:00`. */
const prismaSqliteInstant = (date: Date) => date.toISOString().replace('Z', '+00:00');

function sqliteSql(databaseUrl: string, readonly: boolean): TestSql {
  let database: Database.Database | undefined;
  const open = () => {
    if (!database) {
      database = new Database(path.resolve(databaseUrl.replace(/^file:/, '')), { fileMustExist: true, readonly });
      database.pragma('busy_timeout = 10000');
    }
    return database;
  };
  const bind = (params: SqlParam[]) =>
    params.map((param) => (typeof param === 'boolean' ? Number(param) : param instanceof Date ? prismaSqliteInstant(param) : param));
  return {
    all: async <T>(sql: string, ...params: SqlParam[]) =>
      open()
        .prepare(sql)
        .all(...bind(params)) as T[],
    get: async <T>(sql: string, ...params: SqlParam[]) =>
      open()
        .prepare(sql)
        .get(...bind(params)) as T | undefined,
    run: async (sql, ...params) =>
      open()
        .prepare(sql)
        .run(...bind(params)).changes,
    exec: async (sql) => {
      open().exec(`BEGIN; ${sql}; COMMIT`);
    },
    close: async () => {
      database?.close();
      database = undefined;
    },
  };
}

const OID = { bool: 16, int8: 20, json: 114, timestamp: 1114, timestamptz: 1184, jsonb: 3802 } as const;

/** Read PostgreSQL's values the way the SQLite side reads them (see TestSql). */
const parsers: Record<number, (text: string) => unknown> = {
  [OID.bool]: (text) => (text === 't' ? 1 : 0),
  [OID.int8]: (text) => Number(text),
  [OID.json]: (text) => text,
  [OID.jsonb]: (text) => text,
  // Prisma keeps UTC wall time in `timestamp(3)` columns.
  [OID.timestamp]: (text) => prismaSqliteInstant(new Date(`${text.replace(' ', 'T')}Z`)),
  [OID.timestamptz]: (text) => prismaSqliteInstant(new Date(text)),
};
const types = { getTypeParser: (oid: number, format?: string) => parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text') };

/** `?` → `$1, $2 …`, leaving string literals and quoted identifiers alone. */
export function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (token) => (token === '?' ? `$${++n}` : token));
}

function postgresSql(databaseUrl: string): TestSql {
  const url = new URL(databaseUrl);
  url.searchParams.delete('schema');
  // Idle connections close, and never keep the test process alive.
  const pool = new pg.Pool({ connectionString: url.toString(), types, max: 2, idleTimeoutMillis: 1000, allowExitOnIdle: true });
  pool.on('error', () => {});
  // UTC instants, written as Prisma writes them (the column has no zone; pg would send the local time).
  const bind = (params: SqlParam[]) => params.map((param) => (param instanceof Date ? param.toISOString() : param));
  const query = (sql: string, params: SqlParam[]) => pool.query(numberPlaceholders(sql), bind(params));
  return {
    all: async <T>(sql: string, ...params: SqlParam[]) => (await query(sql, params)).rows as T[],
    get: async <T>(sql: string, ...params: SqlParam[]) => (await query(sql, params)).rows[0] as T | undefined,
    run: async (sql, ...params) => (await query(sql, params)).rowCount ?? 0,
    exec: async (sql) => {
      await pool.query(`BEGIN; ${sql}; COMMIT`);
    },
    close: () => pool.end(),
  };
}
