import { isPostgresUrl, openTestSql } from '../test-sql';
import type { TestSql } from '../test-sql';

/**
 * What the drills ask of the database, on either engine through the tests' engine-neutral SQL (test-support/test-sql.ts):
 * which of a list of ids a table holds, how many rows it has, and whether the storage is sound. Soundness is SQLite's
 * `PRAGMA integrity_check`; on PostgreSQL, the amcheck extension's `bt_index_check` over every B-tree index of the
 * schema, with `heapallindexed` (every row of the table is found through the index).
 */
export interface DatabaseProbe {
  engine: 'SQLite' | 'PostgreSQL';
  /** The ids among `ids` that `table` has in `column`. */
  present(table: string, column: string, ids: string[]): Promise<Set<string>>;
  /** Rows of `table`, those whose `column` equals `value` when given. */
  count(table: string, where?: { column: string; value: string }): Promise<number>;
  /** 'ok', or what the engine reports wrong. */
  integrity(): Promise<string>;
  close(): Promise<void>;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const quoted = (name: string) => {
  if (!IDENTIFIER.test(name)) throw new Error(`Not an identifier: ${name}`);
  return `"${name}"`;
};

async function sqliteIntegrity(sql: TestSql): Promise<string> {
  const rows = await sql.all<{ integrity_check: string }>('PRAGMA integrity_check');
  return rows.map((row) => row.integrity_check).join('; ');
}

async function postgresIntegrity(sql: TestSql): Promise<string> {
  await sql.run('CREATE EXTENSION IF NOT EXISTS amcheck');
  const indexes = await sql.all<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
     WHERE a.amname = 'btree' AND c.relnamespace = current_schema()::regnamespace ORDER BY c.relname`,
  );
  const problems: string[] = [];
  for (const { name } of indexes) {
    try {
      await sql.all('SELECT bt_index_check(CAST(? AS regclass), true)', quoted(name));
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
    }
  }
  return problems.length === 0 ? 'ok' : problems.join('; ');
}

/** Read-only on SQLite: the drill looks at the files as the server left them, and changes none of them. */
export function probeDatabase(databaseUrl: string): DatabaseProbe {
  const sql = openTestSql(databaseUrl, { readOnly: true });
  const postgres = isPostgresUrl(databaseUrl);
  return {
    engine: postgres ? 'PostgreSQL' : 'SQLite',
    async present(table, column, ids) {
      const found = new Set<string>();
      // In slices, under both engines' limits on parameters.
      for (let start = 0; start < ids.length; start += 500) {
        const slice = ids.slice(start, start + 500);
        const rows = await sql.all<Record<string, string>>(
          `SELECT ${quoted(column)} AS id FROM ${quoted(table)} WHERE ${quoted(column)} IN (${slice.map(() => '?').join(', ')})`,
          ...slice,
        );
        for (const row of rows) found.add(row.id!);
      }
      return found;
    },
    async count(table, where) {
      const row = where
        ? await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${quoted(table)} WHERE ${quoted(where.column)} = ?`, where.value)
        : await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${quoted(table)}`);
      return row!.n;
    },
    integrity: () => (postgres ? postgresIntegrity(sql) : sqliteIntegrity(sql)),
    close: () => sql.close(),
  };
}
