// Database side of the offline schema engine, one entry per provider.
//
// `openSession(datasource)` takes the datasource the Prisma CLI hands to the schema engine
// (`{ url, shadowDatabaseUrl? }`) and returns the driver adapter factory for the Wasm engine plus
// the operations the shim does itself because the Wasm engine cannot (reset, baseline table, ...).
// The `cli` subcommands use canConnect / createDatabase / dropDatabase.
//
// SQLite is implemented here with @prisma/adapter-better-sqlite3; PostgreSQL, with @prisma/adapter-pg,
// in postgres-adapter.mjs.

import fs from 'node:fs';
import path from 'node:path';
import { UserFacingError } from './errors.mjs';
import { postgresql } from './postgres-adapter.mjs';

export { UserFacingError };

// Packages are resolved from this file's location, i.e. from the project's node_modules.
const importPackage = (id) => import(id);

/** Which provider a connection string belongs to. */
export function providerFromUrl(url) {
  if (typeof url !== 'string' || url === '') return undefined;
  if (url.startsWith('file:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgresql';
  if (/^prisma\+postgres:\/\//i.test(url)) return 'prisma+postgres';
  if (/^mysql:\/\//i.test(url)) return 'mysql';
  if (/^sqlserver:\/\//i.test(url)) return 'sqlserver';
  return undefined;
}

/** The provider of the `datasource` block in the given schema files, if any. */
export function providerFromSchemas(datamodels) {
  for (const [, content] of datamodels) {
    const block = /datasource\s+\w+\s*\{([^}]*)\}/m.exec(content);
    const provider = block && /provider\s*=\s*"([^"]+)"/.exec(block[1]);
    if (provider) return provider[1] === 'postgres' ? 'postgresql' : provider[1];
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// SQLite (better-sqlite3)
// ---------------------------------------------------------------------------------------------

/** `file:./data/app.db?x=y` → absolute file path (relative paths against the engine's cwd). */
export function sqliteFilePath(url) {
  let file = url.replace(/^file:/, '').replace(/[?#].*$/, '');
  if (file.startsWith('//')) file = file.slice(2);
  file = decodeURIComponent(file);
  if (file === ':memory:' || file === '') return ':memory:';
  return path.resolve(process.cwd(), file);
}

const MULTI_STATEMENT = /more than one statement/i;
const MIGRATIONS_TABLE = '_prisma_migrations';
const NO_MIGRATIONS_TABLE = /^no such table: (main\.)?_prisma_migrations$/;
const EXCLUSIVE_LOCKING = /^\s*PRAGMA\s+(main\.)?locking_mode\s*=\s*EXCLUSIVE\s*;?\s*$/i;

// Same DDL as the engine's own (sql-schema-connector, SQLite flavour).
const MIGRATIONS_TABLE_DDL = `CREATE TABLE "${MIGRATIONS_TABLE}" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

let emptyMigrationsDb;
/** An in-memory database holding an empty migrations table, to answer reads of a missing one. */
function emptyMigrationsTable(Database) {
  if (!emptyMigrationsDb) {
    emptyMigrationsDb = new Database(':memory:');
    emptyMigrationsDb.exec(MIGRATIONS_TABLE_DDL);
  }
  return emptyMigrationsDb;
}

/**
 * Make a better-sqlite3 connection behave the way the schema engine expects:
 *
 * - The engine sends multi-statement scripts (e.g. a whole migration) through `executeRaw`, and
 *   better-sqlite3's `prepare()` refuses more than one statement: run such text as a script with
 *   `exec()` (only possible without bind parameters, which is how the engine sends scripts).
 * - The Wasm build of the engine does not recognise "no such table: _prisma_migrations" as "Migrate
 *   has not been initialised on this database" (only its native SQLite driver does), so `migrate dev`
 *   and `migrate status` fail on a fresh database with P1014. Answer a read of the missing table
 *   with an empty result instead, which leads the engine to the same decisions; writes still fail,
 *   and `applyMigrations` creates the table itself after checking that the schema is empty.
 * - The engine starts with `PRAGMA main.locking_mode=EXCLUSIVE`. In WAL mode every other open
 *   connection (a running instance of the app, even an idle one) keeps that lock out, so the session
 *   waited for the whole busy timeout and failed with P1008 whenever the app was running. Stay in
 *   normal locking instead: each statement then waits its turn on the busy database like any writer,
 *   and two migrate sessions are still kept apart by the lock file (migrationLock below).
 */
function adaptConnection(db, Database) {
  const prepare = db.prepare.bind(db);
  db.prepare = (sql) => {
    if (EXCLUSIVE_LOCKING.test(sql)) return prepare('PRAGMA main.locking_mode');
    try {
      return prepare(sql);
    } catch (error) {
      if (error instanceof RangeError && MULTI_STATEMENT.test(error.message)) return scriptStatement(db, sql);
      if (NO_MIGRATIONS_TABLE.test(error?.message ?? '') && /^\s*SELECT\b/i.test(sql)) {
        return emptyMigrationsTable(Database).prepare(sql.replace(/\bmain\./g, ''));
      }
      throw error;
    }
  };
  return db;
}

function scriptStatement(db, sql) {
  let boundArgs = [];
  const statement = {
    reader: false,
    bind(...args) {
      boundArgs = args.flat();
      return statement;
    },
    run() {
      if (boundArgs.length > 0) throw new RangeError('Cannot bind parameters to a multi-statement script');
      const totalChanges = () => db.prepare('SELECT total_changes()').pluck().safeIntegers(false).get();
      const before = totalChanges();
      db.exec(sql);
      return { changes: totalChanges() - before, lastInsertRowid: 0 };
    },
  };
  return statement;
}

/**
 * adapter-better-sqlite3 7.10 reports SQLITE_BUSY as the error kind `SocketTimeout`, which this
 * engine build does not know ("unknown variant `SocketTimeout`"): report it as a plain SQLite error.
 */
function translateErrors(queryable) {
  const onError = queryable?.onError?.bind(queryable);
  if (!onError) return queryable;
  queryable.onError = (error) => {
    try {
      onError(error);
    } catch (thrown) {
      if (thrown?.name === 'DriverAdapterError' && thrown.cause?.kind === 'SocketTimeout') {
        thrown.cause = {
          ...thrown.cause,
          kind: 'sqlite',
          extendedCode: 5, // SQLITE_BUSY
          message: thrown.cause.originalMessage ?? 'database is locked',
        };
      }
      throw thrown;
    }
  };
  const startTransaction = queryable.startTransaction?.bind(queryable);
  if (startTransaction) queryable.startTransaction = async (...args) => translateErrors(await startTransaction(...args));
  return queryable;
}

// How long to wait for another engine session on the same database (seconds, overridable).
const LOCK_WAIT_MS = (Number(process.env.PRISMA_OFFLINE_LOCK_TIMEOUT) || 120) * 1000;
const LOCK_POLL_MS = 50;

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * One engine session at a time per database file, across processes (e.g. two `migrate deploy`
 * started together). Without it, two engines that both read the schema and then both try to write
 * wait on each other's SQLite lock for the whole busy timeout, and then one or both fail.
 * A lock file next to the database, holding the owner's pid; a dead owner's file is taken over.
 * PRISMA_SCHEMA_DISABLE_ADVISORY_LOCK turns it off, as it does the native engine's lock.
 */
function migrationLock(file) {
  const lockFile = `${file}.migrate-lock`;
  let held = false;
  const releaseSync = () => {
    if (!held) return;
    held = false;
    try {
      if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile, { force: true });
    } catch {
      // already gone
    }
  };
  return {
    async acquire() {
      const disabled = process.env.PRISMA_SCHEMA_DISABLE_ADVISORY_LOCK;
      if (held || file === ':memory:' || (disabled && disabled !== '0')) return;
      fs.mkdirSync(path.dirname(lockFile), { recursive: true });
      const deadline = Date.now() + LOCK_WAIT_MS;
      let announced = false;
      for (;;) {
        try {
          fs.writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx' });
          held = true;
          process.once('exit', releaseSync);
          return;
        } catch (error) {
          if (error.code !== 'EEXIST') throw error;
        }
        let owner = NaN;
        try {
          owner = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
        } catch {
          continue; // released in between
        }
        if (Number.isInteger(owner) && !processAlive(owner)) {
          fs.rmSync(lockFile, { force: true }); // left behind by a process that died
          continue;
        }
        if (Date.now() > deadline) {
          throw new UserFacingError(
            'P1002',
            `Timed out after ${LOCK_WAIT_MS / 1000}s waiting for another Prisma Migrate process (pid ${owner}) ` +
              `to finish with this database (lock file ${lockFile}).`,
          );
        }
        if (!announced) {
          announced = true;
          process.stderr.write(
            JSON.stringify({
              level: 'INFO',
              fields: { message: `Waiting for another Prisma Migrate process (pid ${owner}) to release ${lockFile}` },
              target: 'prisma_offline::lock',
            }) + '\n',
          );
        }
        await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
      }
    },
    release: releaseSync,
  };
}

const quoteIdent = (name) => `"${String(name).replaceAll('"', '""')}"`;

/** Remove every schema object (tables, virtual tables and their shadow tables, views, triggers, indexes). */
function wipeSqliteDatabase(db) {
  const objects = () => db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").all();
  const foreignKeys = db.pragma('foreign_keys', { simple: true });
  db.pragma('foreign_keys = OFF');
  try {
    db.exec('BEGIN IMMEDIATE');
    try {
      // Virtual tables first: dropping one drops its shadow tables too.
      for (const o of objects()) {
        if (o.type === 'table' && /^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(o.sql ?? '')) {
          db.exec(`DROP TABLE IF EXISTS ${quoteIdent(o.name)}`);
        }
      }
      for (const type of ['view', 'trigger', 'table']) {
        for (const o of objects()) {
          if (o.type === type) db.exec(`DROP ${type.toUpperCase()} IF EXISTS ${quoteIdent(o.name)}`);
        }
      }
      if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get()) {
        db.exec('DELETE FROM sqlite_sequence');
      }
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
    db.exec('VACUUM');
  } finally {
    db.pragma(`foreign_keys = ${Number(foreignKeys) ? 'ON' : 'OFF'}`);
  }
}

const BUSY_TIMEOUT_MS = 30_000;

const sqlite = {
  provider: 'sqlite',

  /**
   * A session for one engine process: the adapter factory for the Wasm engine plus the operations
   * the shim performs itself. Those run on the engine's own connection once it has one, so that they
   * are in the same session as the engine's own statements.
   */
  async openSession({ url, shadowDatabaseUrl }) {
    const { PrismaBetterSqlite3 } = await importPackage('@prisma/adapter-better-sqlite3');
    const { default: Database } = await importPackage('better-sqlite3');
    const file = sqliteFilePath(url);
    const shadow = shadowDatabaseUrl ? sqliteFilePath(shadowDatabaseUrl) : ':memory:';
    // `timeout`: wait for locks held by other processes (e.g. a concurrent `migrate deploy`).
    const inner = new PrismaBetterSqlite3({ url: file, timeout: BUSY_TIMEOUT_MS }, { shadowDatabaseUrl: shadow });
    const lock = migrationLock(file);
    const opened = [];
    let main;
    const adopt = (adapter) => {
      if (adapter?.client?.prepare) adaptConnection(adapter.client, Database);
      translateErrors(adapter);
      opened.push(adapter);
      return adapter;
    };
    let opening;
    const openMain = () =>
      (opening ??= (async () => {
        if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
        await lock.acquire();
        main = adopt(await inner.connect());
        return main;
      })().catch((error) => {
        opening = undefined; // let a later query try again
        throw error;
      }));
    const factory = {
      provider: inner.provider,
      adapterName: inner.adapterName,
      // The Wasm engine connects as soon as it starts, the native one only when a command needs the
      // database: open the file (which creates it) and take the lock on the first query, so commands
      // like `migrate diff --from-empty` leave no empty database file behind.
      connect: async () => ({
        provider: inner.provider,
        adapterName: inner.adapterName,
        queryRaw: async (query) => (await openMain()).queryRaw(query),
        executeRaw: async (query) => (await openMain()).executeRaw(query),
        executeScript: async (script) => (await openMain()).executeScript(script),
        startTransaction: async (...args) => (await openMain()).startTransaction(...args),
        dispose: async () => main?.dispose(),
      }),
      connectToShadowDb: async () => adopt(await inner.connectToShadowDb()),
    };
    const withDatabase = async (fn) => {
      if (main?.client?.open) return fn(main.client);
      await lock.acquire();
      const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
      try {
        return fn(db);
      } finally {
        db.close();
      }
    };
    return {
      factory,
      /** Like the native engine, `db pull` reports a missing file (P1003) instead of creating it. */
      async checkDatabaseExists() {
        if (file !== ':memory:' && !main && !fs.existsSync(file)) {
          throw new UserFacingError('P1003', `Database \`${path.basename(file)}\` does not exist at \`${file}\``);
        }
      },
      /** See adaptConnection(): the engine cannot tell a missing history table from an empty one. */
      async hasMigrationsTable() {
        if (!main && (file === ':memory:' || !fs.existsSync(file))) return false;
        return await withDatabase((db) => Boolean(db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(MIGRATIONS_TABLE)));
      },
      /** What the native engine does before baselining (`migrate resolve --applied`) a database without it. */
      async createMigrationsTable() {
        await withDatabase((db) => db.exec(MIGRATIONS_TABLE_DDL.replace('CREATE TABLE', 'CREATE TABLE IF NOT EXISTS')));
      },
      /**
       * `reset` through the Wasm engine skips external tables and `sqlite_sequence`, then fails with
       * "schema not empty". Empty the database ourselves instead, like a fresh file.
       */
      async reset() {
        if (!main && file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
        await withDatabase(wipeSqliteDatabase);
      },
      async close() {
        for (const adapter of opened.splice(0)) {
          try {
            await adapter.dispose();
          } catch {
            // already closed
          }
        }
        lock.release();
      },
    };
  },

  /** Fails with P1003 when the database file does not exist (the CLI then asks to create it). */
  async canConnect({ url }) {
    const file = sqliteFilePath(url);
    if (file === ':memory:') return;
    if (!fs.existsSync(file)) {
      throw new UserFacingError('P1003', `Database \`${path.basename(file)}\` does not exist at \`${file}\``);
    }
    const { default: Database } = await importPackage('better-sqlite3');
    new Database(file, { fileMustExist: true, readonly: true }).close();
  },

  async createDatabase({ url }) {
    const file = sqliteFilePath(url);
    if (file === ':memory:') return ':memory:';
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const { default: Database } = await importPackage('better-sqlite3');
    new Database(file).close();
    return path.basename(file);
  },

  async dropDatabase({ url }) {
    const file = sqliteFilePath(url);
    if (file === ':memory:') return;
    for (const suffix of ['', '-journal', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  },
};

const ADAPTERS = {
  sqlite,
  postgresql,
};

export function adapterFor(provider) {
  const adapter = ADAPTERS[provider];
  if (!adapter) {
    throw new UserFacingError('P1013', `The offline schema engine (tools/prisma-offline) does not support the provider "${provider}".`);
  }
  return adapter;
}
