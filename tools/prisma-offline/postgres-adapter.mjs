// PostgreSQL side of the offline schema engine, built on @prisma/adapter-pg and pg.
//
// What the Wasm engine needs from adapter-pg 7.10 beyond what it does by itself:
// - Catalog queries return columns of type "char" (OID 18, e.g. pg_constraint.contype), which adapter-pg rejects
//   as an unsupported type: they are passed through as text and reported to the engine as characters.
// - adapter-pg's executeScript splits the script at every `;`, which breaks any statement holding one in a string
//   or a function body; and on a pool each piece may run on another connection. A script goes to the server
//   whole instead (the simple query protocol runs several statements, in one implicit transaction).
// - Its temporary shadow database is dropped while its own pool still holds a connection, so the DROP fails.
//   With SHADOW_DATABASE_URL the given (existing) database is emptied and used, as the native engine does;
//   without, a temporary database is created and dropped after its pool has closed.
// - One connection per session (pool of one), so session state the engine relies on stays on one connection.

import { ColumnTypeEnum } from '@prisma/driver-adapter-utils';
import { UserFacingError } from './errors.mjs';

const importPackage = (id) => import(id);

const CHAR_OID = 18;
const TEXT_OID = 25;
const MIGRATIONS_TABLE = '_prisma_migrations';

const quoteIdent = (name) => `"${String(name).replaceAll('"', '""')}"`;

/** `postgresql://u:p@h:5432/db?schema=s` → its parts; the schema defaults to public, as in Prisma. */
function parseUrl(url) {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres';
  const schema = parsed.searchParams.get('schema') || 'public';
  return { parsed, database, schema };
}

/** The same server, another database (e.g. `postgres`, to create or drop the one in `url`). */
function withDatabase(url, database) {
  const { parsed } = parseUrl(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  parsed.searchParams.delete('schema');
  return parsed.toString();
}

/** pg's Client accepts Prisma's `?schema=` parameter as an unknown option; drop it from what pg sees. */
function pgConnectionString(url) {
  const { parsed } = parseUrl(url);
  parsed.searchParams.delete('schema');
  return parsed.toString();
}

/**
 * adapter-pg 7.10 refuses the `"char"` type (OID 18) that catalog queries return (e.g. pg_constraint.contype), and
 * the engine reads such columns as characters. Report them as text to adapter-pg, then as characters to the engine.
 */
function readCharColumns(queryable) {
  const performIO = queryable.performIO.bind(queryable);
  const queryRaw = queryable.queryRaw.bind(queryable); // calls this.performIO, the wrapper below
  const charColumns = new WeakMap();
  queryable.performIO = async (query) => {
    const result = await performIO(query);
    const columns = [];
    result?.fields?.forEach((field, index) => {
      if (field.dataTypeID !== CHAR_OID) return;
      field.dataTypeID = TEXT_OID;
      columns.push(index);
    });
    charColumns.set(query, columns);
    return result;
  };
  queryable.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const index of charColumns.get(query) ?? []) result.columnTypes[index] = ColumnTypeEnum.Character;
    return result;
  };
  const startTransaction = queryable.startTransaction?.bind(queryable);
  if (startTransaction) queryable.startTransaction = async (...args) => readCharColumns(await startTransaction(...args));
  return queryable;
}

async function openPool(url) {
  const { default: pg } = await importPackage('pg');
  const pool = new pg.Pool({ connectionString: pgConnectionString(url), max: 1 });
  pool.on('error', () => {}); // an idle connection closed by the server; the next query reports it
  return pool;
}

/** An adapter-pg connection on `pool`, whose scripts reach the server whole. */
async function connectAdapter(pool, schema, release) {
  const { PrismaPg } = await importPackage('@prisma/adapter-pg');
  const adapter = readCharColumns(await new PrismaPg(pool, { schema }).connect());
  adapter.executeScript = async (script) => {
    try {
      await pool.query(script);
    } catch (error) {
      adapter.onError(error);
    }
  };
  adapter.dispose = release;
  return adapter;
}

async function withClient(url, work) {
  const { default: pg } = await importPackage('pg');
  const client = new pg.Client({ connectionString: pgConnectionString(url) });
  try {
    await client.connect();
  } catch (error) {
    throw connectionError(error, url);
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

function connectionError(error, url) {
  if (error?.code === '3D000') {
    const { database, parsed } = parseUrl(url);
    return new UserFacingError('P1003', `Database \`${database}\` does not exist on the database server at \`${parsed.hostname}:${parsed.port || 5432}\`.`);
  }
  if (error?.code === '28P01') return new UserFacingError('P1000', `Authentication failed against the database server: ${error.message}`);
  if (['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(error?.code)) {
    const { parsed } = parseUrl(url);
    return new UserFacingError('P1001', `Can't reach database server at \`${parsed.hostname}:${parsed.port || 5432}\`.`);
  }
  return error;
}

/** Drops and recreates the schema: what `migrate reset` and a reused shadow database start from. */
async function emptySchema(client, schema) {
  await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
  await client.query(`CREATE SCHEMA ${quoteIdent(schema)}`);
}

export const postgresql = {
  provider: 'postgresql',

  async openSession({ url, shadowDatabaseUrl }) {
    const { schema } = parseUrl(url);
    const pools = [];
    const track = (pool) => (pools.push(pool), pool);
    const mainPool = track(await openPool(url));

    const factory = {
      provider: 'postgres',
      adapterName: '@prisma/adapter-pg',
      connect: () => connectAdapter(mainPool, schema, async () => {}),
      async connectToShadowDb() {
        if (shadowDatabaseUrl) {
          const shadowSchema = parseUrl(shadowDatabaseUrl).schema;
          await withClient(shadowDatabaseUrl, (client) => emptySchema(client, shadowSchema));
          const pool = track(await openPool(shadowDatabaseUrl));
          return connectAdapter(pool, shadowSchema, async () => {});
        }
        const name = `prisma_migrate_shadow_db_${globalThis.crypto.randomUUID()}`;
        await mainPool.query(`CREATE DATABASE ${quoteIdent(name)}`);
        const pool = await openPool(withDatabase(url, name));
        return connectAdapter(pool, 'public', async () => {
          await pool.end(); // before the DROP, which refuses a database still in use
          await mainPool.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
        });
      },
    };

    return {
      factory,
      async checkDatabaseExists() {
        await withClient(url, async () => {});
      },
      /** The Wasm engine cannot tell a missing history table from an empty one (see schema-engine.mjs). */
      async hasMigrationsTable() {
        const { rows } = await mainPool.query('SELECT to_regclass($1) IS NOT NULL AS present', [`${quoteIdent(schema)}.${MIGRATIONS_TABLE}`]);
        return rows[0].present;
      },
      /** Same DDL as the native engine's (sql-schema-connector, PostgreSQL flavour). */
      async createMigrationsTable() {
        await mainPool.query(`CREATE TABLE IF NOT EXISTS ${quoteIdent(schema)}.${MIGRATIONS_TABLE} (
          "id" VARCHAR(36) PRIMARY KEY NOT NULL,
          "checksum" VARCHAR(64) NOT NULL,
          "finished_at" TIMESTAMPTZ,
          "migration_name" VARCHAR(255) NOT NULL,
          "logs" TEXT,
          "rolled_back_at" TIMESTAMPTZ,
          "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
          "applied_steps_count" INTEGER NOT NULL DEFAULT 0
        )`);
      },
      async reset() {
        await withClient(url, (client) => emptySchema(client, schema));
      },
      async close() {
        for (const pool of pools.splice(0)) await pool.end().catch(() => {});
      },
    };
  },

  async canConnect({ url }) {
    await withClient(url, async () => {});
  },

  async createDatabase({ url }) {
    const { database } = parseUrl(url);
    await withClient(withDatabase(url, 'postgres'), async (client) => {
      try {
        await client.query(`CREATE DATABASE ${quoteIdent(database)}`);
      } catch (error) {
        if (error?.code !== '42P04') throw error; // already exists: nothing to do
      }
    });
    return database;
  },

  async dropDatabase({ url }) {
    const { database } = parseUrl(url);
    await withClient(withDatabase(url, 'postgres'), (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`));
  },
};
