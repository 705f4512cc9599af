import Database from 'better-sqlite3';
import { config } from '@/lib/config';
import { sqlitePathFromUrl } from '@/lib/db/client';
import { processSingleton } from '@/lib/process-singleton';

/**
 * Search reads go through their own read-only connection with statements prepared once. Through
 * Prisma, each raw query costs about 0.3 ms of CPU before SQLite starts, as much as ranking a few
 * hundred matches, and a search makes two. Writes to the index stay in the Prisma transaction that
 * writes the rows; in WAL mode this connection sees each commit as soon as it is made.
 */
interface SearchConnection {
  path: string;
  database: Database.Database;
  statements: Map<string, Database.Statement>;
}

const state = processSingleton<{ connection?: SearchConnection }>('sqlite-search-connection', () => ({}));

function connection(): SearchConnection {
  const path = sqlitePathFromUrl(config().DATABASE_URL);
  if (state.connection?.path !== path) {
    state.connection?.database.close();
    const database = new Database(path, { fileMustExist: true, timeout: 10_000 });
    // Read-only by pragma rather than by open mode: a read-only open of a WAL database fails when its
    // -shm file does not exist yet.
    database.pragma('query_only = ON');
    // 16 MiB of pages (SQLite's default is 2): the index's doclists and sizes stay in memory, a fixed
    // bound whatever the number or length of the articles.
    database.pragma('cache_size = -16384');
    state.connection = { path, database, statements: new Map() };
  }
  return state.connection;
}

/** The prepared statement for this SQL (a search uses a handful of shapes, each prepared once). */
export function searchStatement(sql: string): Database.Statement {
  const { database, statements } = connection();
  let statement = statements.get(sql);
  if (!statement) {
    statement = database.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
