import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { localMigrations } from './local-migrations.mjs';
import { runOrThrow } from '../run.mjs';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../prisma/postgres/migrations');

export const isPostgresUrl = (url) => /^postgres(ql)?:\/\//i.test(url);

/**
 * What `prepareDatabase` does on PostgreSQL: under the start-up lock, `migrate deploy` (skipped when every migration
 * is already applied, the usual start) and the seed's `--if-empty`, exactly the steps SQLite takes. Instances
 * starting at once queue on the lock: the first migrates and seeds, the others find both done.
 */
export async function preparePostgres({ env, quiet = false, seed = true, seedCommand }) {
  const databaseUrl = env.DATABASE_URL;
  const log = quiet ? () => {} : console.log;
  await withPostgresStartupLock(
    databaseUrl,
    async ({ migrationsApplied }) => {
      if (await migrationsApplied()) log('Database: every migration is applied.');
      else await runOrThrow(process.execPath, ['tools/prisma-offline/prisma.mjs', 'migrate', 'deploy'], { env, quiet });
      if (seed) await runOrThrow(...seedCommand, { env, quiet });
    },
    { log },
  );
  return databaseUrl;
}

/**
 * The key of the start-up lock: PostgreSQL's two-integer advisory lock space, so it never meets the single-bigint
 * lock Prisma Migrate takes for itself (a child `migrate deploy` must not wait for the lock its parent holds).
 */
const STARTUP_LOCK = [0x54505354, 1]; // "TPST"

/** pg wants only what it understands in the URL; Prisma's `?schema=` becomes the search path. */
function clientConfig(databaseUrl) {
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  return { connectionString: url.toString(), ...(schema ? { options: `-c search_path="${schema.replaceAll('"', '""')}"` } : {}) };
}

/** The same server's maintenance database, to create the one in `databaseUrl`. */
function maintenanceUrl(databaseUrl) {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  url.search = '';
  return url.toString();
}

/**
 * A connection to the database of `databaseUrl`, created first when it does not exist (an empty server): the lock
 * needs the database, and Prisma would create it anyway. Two instances creating it at once: one wins, both go on.
 */
async function connectCreatingDatabase(databaseUrl) {
  const client = new pg.Client(clientConfig(databaseUrl));
  try {
    await client.connect();
    return client;
  } catch (error) {
    if (error?.code !== '3D000') throw error;
  }
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new pg.Client({ connectionString: maintenanceUrl(databaseUrl) });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } catch (error) {
    if (error?.code !== '42P04' && error?.code !== '23505') throw error; // created by another instance meanwhile
  } finally {
    await admin.end();
  }
  return connectCreatingDatabase(databaseUrl);
}

/**
 * Runs `work` holding a PostgreSQL advisory lock on the database, so that instances starting at once migrate and
 * seed one after the other: the first does the work, the others find it done. The lock is a session lock on a
 * connection of this process, released when `work` ends or when the process dies.
 */
export async function withPostgresStartupLock(databaseUrl, work, { log = () => {} } = {}) {
  const client = await connectCreatingDatabase(databaseUrl);
  client.on('error', () => {}); // the server closing an idle connection; the lock then ends with it
  try {
    const { rows } = await client.query('SELECT pg_try_advisory_lock($1, $2) AS locked', STARTUP_LOCK);
    if (!rows[0].locked) {
      log('Database: another instance is migrating or seeding it; waiting.');
      await client.query('SELECT pg_advisory_lock($1, $2)', STARTUP_LOCK);
    }
    return await work({ migrationsApplied: () => postgresMigrationsApplied(client) });
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Whether every migration of prisma/postgres/migrations is applied (finished, not rolled back, same checksum) and
 * none failed or is half-done, so `migrate deploy` would do nothing: then the usual start skips starting Prisma.
 */
async function postgresMigrationsApplied(client) {
  const { rows: tables } = await client.query(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present`);
  if (!tables[0].present) return false;
  const { rows } = await client.query(
    'SELECT migration_name AS name, checksum, finished_at AS "finishedAt" FROM _prisma_migrations WHERE rolled_back_at IS NULL',
  );
  if (rows.some((row) => row.finishedAt === null)) return false;
  const applied = new Map(rows.map((row) => [row.name, row.checksum]));
  return localMigrations(MIGRATIONS_DIR).every((migration) => applied.get(migration.name) === migration.checksum);
}
