// The search thread (started by search-connection.ts): reads the SQLite search index through its own
// connection, with each statement prepared once, and answers plain rows. Plain JavaScript, loaded by
// path at run time, so the bundler never touches the native better-sqlite3 addon.
import { parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** @type {{ path: string, database: import('better-sqlite3').Database, statements: Map<string, import('better-sqlite3').Statement> } | undefined} */
let connection;

/** Stems kept per connection: each word is stemmed once, and the vocabulary of the articles is bounded by this. */
const MAX_CACHED_STEMS = 50_000;

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
  database.function('insight_stem', { deterministic: true }, stemmerFor(indexTokenizer(database)));
  connection = { path, database, statements: new Map() };
  return connection;
}

/**
 * `insight_stem(word)`: the term the search index holds for one word as written ("evaporating" → "evapor"), or NULL
 * when the index's tokenizer makes no single term of it. The vocabulary lookup of the word being typed needs it
 * (lib/domain/search/typed-word.ts), and FTS5 offers its tokenizers to no SQL function, so an in-memory FTS5 table
 * with the index's own tokenizer (read from its CREATE statement, so the two never differ) tokenizes the word and
 * its vocabulary answers the term. That costs about 60 µs a word, once: stems are kept.
 */
function stemmerFor(tokenizer) {
  /** @type {((word: string) => string | null) | undefined} */
  let stemmer;
  const stems = new Map();
  return (word) => {
    if (typeof word !== 'string') return null;
    let stem = stems.get(word);
    if (stem === undefined) {
      stemmer ??= openStemmer(tokenizer);
      stem = stemmer(word);
      if (stems.size >= MAX_CACHED_STEMS) stems.clear();
      stems.set(word, stem);
    }
    return stem;
  };
}

/** The `tokenize` option of the search index, quoted, as its CREATE statement gives it; null without the index. */
function indexTokenizer(database) {
  const created = database.prepare("SELECT sql FROM sqlite_master WHERE name = 'insight_search'").pluck().get() ?? '';
  return /tokenize\s*=\s*('(?:[^']|'')*')/i.exec(created)?.[1] ?? null;
}

function openStemmer(tokenizer) {
  if (!tokenizer) throw new Error('the search index insight_search names no tokenizer');
  const memory = new Database(':memory:');
  memory.exec(`CREATE VIRTUAL TABLE stemmer USING fts5(word, tokenize = ${tokenizer}, content = '', detail = none);
    CREATE VIRTUAL TABLE stemmer_terms USING fts5vocab(stemmer, row);`);
  const insert = memory.prepare('INSERT INTO stemmer (rowid, word) VALUES (1, ?)');
  const terms = memory.prepare('SELECT term FROM stemmer_terms').pluck();
  const clear = memory.prepare("INSERT INTO stemmer (stemmer) VALUES ('delete-all')");
  return (word) => {
    insert.run(word);
    const found = terms.all();
    clear.run();
    return found.length === 1 ? found[0] : null;
  };
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
