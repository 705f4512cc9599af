// The search thread (started by search-connection.ts): reads the SQLite search index through its own
// connection, with each statement prepared once, and answers plain rows. Plain JavaScript, loaded by
// path at run time, so the bundler never touches the native better-sqlite3 addon.
import { parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** @type {{ path: string, database: import('better-sqlite3').Database, statements: Map<string, import('better-sqlite3').Statement> } | undefined} */
let connection;

function open(path) {
  if (connection?.path === path) return connection;
  connection?.database.close();
  const database = new Database(path, { fileMustExist: true, timeout: 10_000 });
  // Read-only by pragma rather than by open mode: a read-only open of a WAL database fails when its
  // -shm file does not exist yet.
  database.pragma('query_only = ON');
  // 16 MiB of pages (SQLite's default is 2): the index's doclists and sizes stay in memory, a fixed
  // bound whatever the number or length of the articles.
  database.pragma('cache_size = -16384');
  connection = { path, database, statements: new Map() };
  return connection;
}

function statement(path, sql) {
  const { database, statements } = open(path);
  let prepared = statements.get(sql);
  if (!prepared) {
    prepared = database.prepare(sql);
    statements.set(sql, prepared);
  }
  return prepared;
}

/** `rows`: every row as an object; `column`: the first column of every row; `value`: the first column of the first row. */
function read({ path, sql, params, shape }) {
  const prepared = statement(path, sql);
  if (shape === 'rows') return prepared.pluck(false).all(...params);
  if (shape === 'column') return prepared.pluck(true).all(...params);
  return prepared.pluck(true).get(...params);
}

parentPort.on('message', (request) => {
  try {
    parentPort.postMessage({ id: request.id, result: read(request) });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: { message: error.message, code: error.code } });
  }
});
