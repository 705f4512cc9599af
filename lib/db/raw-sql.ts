import type { ArgType, SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import { postgresAdapter, sqliteAdapter } from './driver-adapters';
import { engineOfUrl } from './engine';

export type SqlValue = string | number | Date | null;

/**
 * Hand-written SQL over a driver adapter's own connection, without a Prisma client: for a thread that writes a few
 * tables (the analytics writer) and must stay small. Statements use `?` for their parameters on both engines and
 * contain no other question mark; on PostgreSQL they become `$1`, `$2`, …
 */
export interface RawSql {
  /** The engine, for the few statements whose SQL differs (JSON functions). */
  engine: 'sqlite' | 'postgres';
  /** Runs a statement; the number of rows it changed. */
  run(sql: string, args?: SqlValue[]): Promise<number>;
  /** The rows a query answers, each as an object by column name. */
  all<Row extends Record<string, unknown>>(sql: string, args?: SqlValue[]): Promise<Row[]>;
  close(): Promise<void>;
}

const argTypeOf = (value: SqlValue): ArgType => ({
  arity: 'scalar',
  scalarType:
    value === null ? 'unknown' : value instanceof Date ? 'datetime' : typeof value === 'string' ? 'string' : Number.isInteger(value) ? 'int' : 'float',
});

const numbered = (sql: string) => {
  let index = 0;
  return sql.replace(/\?/g, () => `$${(index += 1)}`);
};

/** RawSql over a connection made by a driver adapter (lib/db/driver-adapters.ts). */
function rawSqlOver(connection: SqlDriverAdapter): RawSql {
  const query = (sql: string, args: SqlValue[]) => ({
    sql: connection.provider === 'postgres' ? numbered(sql) : sql,
    args,
    argTypes: args.map(argTypeOf),
  });
  return {
    engine: connection.provider === 'postgres' ? 'postgres' : 'sqlite',
    run: (sql, args = []) => connection.executeRaw(query(sql, args)),
    async all<Row extends Record<string, unknown>>(sql: string, args: SqlValue[] = []) {
      const { columnNames, rows } = await connection.queryRaw(query(sql, args));
      return rows.map((row) => Object.fromEntries(columnNames.map((name, column) => [name, row[column]])) as Row);
    },
    close: () => connection.dispose(),
  };
}

/** A connection of its own to the database at `url` (SQLite: a file connection; PostgreSQL: a small pool). */
export async function connectRawSql(url: string): Promise<RawSql> {
  const factory = engineOfUrl(url) === 'postgresql' ? await postgresAdapter(url) : await sqliteAdapter(url);
  return rawSqlOver(await factory.connect());
}
