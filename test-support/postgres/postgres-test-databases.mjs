import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Databases for tests on the throwaway PostgreSQL server `npm run test:pg` starts. It sets TEST_POSTGRES_URL (the
 * server, `postgresql://user:password@127.0.0.1:port`) and TEST_POSTGRES_TEMPLATE (a migrated, seeded database on
 * it): a test database is a copy of the template (CREATE DATABASE … TEMPLATE, like the SQLite file copies).
 */
export function testPostgresServer() {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  return serverUrl ? { serverUrl: serverUrl.replace(/\/$/, ''), template: process.env.TEST_POSTGRES_TEMPLATE || null } : null;
}

const quote = (name) => `"${name.replaceAll('"', '""')}"`;

async function onServer(serverUrl, sql) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new database on the server, a copy of `template` when given (which no one may be connected to), else empty. */
export async function createPostgresDatabase(serverUrl, { prefix = 'toc_test_', template = null } = {}) {
  const name = `${prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_')}${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${quote(name)}${template ? ` TEMPLATE ${quote(template)}` : ''}`);
  return {
    name,
    databaseUrl: `${serverUrl}/${name}`,
    /** Drops it, ending any connection still open (a server stopped with SIGKILL leaves its pool behind). */
    remove: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`),
  };
}

/** A copy of the database at `templateUrl` on the same server. */
export function clonePostgresDatabase(templateUrl, prefix) {
  const url = new URL(templateUrl);
  const template = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '';
  return createPostgresDatabase(url.toString().replace(/\/$/, ''), { prefix, template });
}
