import Database from 'better-sqlite3';

/**
 * What the drills ask of the database, behind one interface so each engine answers in its own terms: which of a list
 * of ids a table holds, how many rows it has, and whether the storage is sound. SQLite is implemented; PostgreSQL
 * plugs in here (a `pg` client; soundness with the amcheck extension's bt_index_check over the indexes, or a clean
 * `pg_dump` to /dev/null) when the PostgreSQL engine arrives.
 */
export interface DatabaseProbe {
  engine: string;
  /** The ids among `ids` that `table` has in `column`. */
  present(table: string, column: string, ids: string[]): Promise<Set<string>>;
  count(table: string, where?: string): Promise<number>;
  /** 'ok', or what the engine reports wrong. */
  integrity(): Promise<string>;
  close(): Promise<void>;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const quoted = (name: string) => {
  if (!IDENTIFIER.test(name)) throw new Error(`Not an identifier: ${name}`);
  return `"${name}"`;
};

function sqliteProbe(file: string): DatabaseProbe {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 10000');
  return {
    engine: 'SQLite',
    async present(table, column, ids) {
      const found = new Set<string>();
      const select = sqlite.prepare(`SELECT 1 FROM ${quoted(table)} WHERE ${quoted(column)} = ?`);
      for (const id of ids) if (select.get(id)) found.add(id);
      return found;
    },
    async count(table, where) {
      return (sqlite.prepare(`SELECT COUNT(*) AS n FROM ${quoted(table)}${where ? ` WHERE ${where}` : ''}`).get() as { n: number }).n;
    },
    async integrity() {
      const rows = sqlite.pragma('integrity_check') as { integrity_check: string }[];
      return rows.map((row) => row.integrity_check).join('; ');
    },
    async close() {
      sqlite.close();
    },
  };
}

export function probeDatabase(databaseUrl: string): DatabaseProbe {
  if (databaseUrl.startsWith('file:')) return sqliteProbe(databaseUrl.slice('file:'.length));
  throw new Error(`No drill probe for ${databaseUrl.split(':')[0]} yet: add one in drills/support/database-probe.ts`);
}
