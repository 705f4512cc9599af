import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareDatabase } from '../server/database/prepare-database.mjs';
import { freePort } from './free-port.mjs';
import { serve } from '../server/serve.mjs';
import { createPostgresDatabase, testPostgresServer } from './postgres/postgres-test-databases.mjs';

/** Tests sign staff cookies with it (test-support/http/staff.ts). */
export const TEST_SESSION_SECRET = 'test-only-session-secret-0123456789abcdef';

/**
 * Test clients all come from 127.0.0.1, so the shipped limits (600 reads, 20 writes a minute) would throttle the
 * suite itself. Test servers allow this much unless a test sets its own limits in `env`.
 */
export const TEST_RATE_LIMITS = { RATE_LIMIT_READS_PER_MINUTE: '1000000', RATE_LIMIT_WRITES_PER_MINUTE: '1000000' };

/**
 * A temporary database, migrated and seeded: an SQLite file, or under `npm run test:pg` a PostgreSQL database (a copy
 * of the run's seeded template). `empty: true` gives an empty one instead, for tests of what start-up does with it.
 */
export async function createTestDatabase(prefix = 'toc-test-', { empty = false } = {}) {
  const postgres = testPostgresServer();
  if (postgres) {
    const database = await createPostgresDatabase(postgres.serverUrl, { prefix, template: empty ? null : postgres.template });
    const env = { ...process.env, DATABASE_URL: database.databaseUrl, SESSION_SECRET: TEST_SESSION_SECRET };
    if (!empty && !postgres.template) await prepareDatabase({ env, quiet: true });
    return { dir: null, databaseUrl: database.databaseUrl, remove: database.remove };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  if (empty) return { dir, databaseUrl: `file:${path.join(dir, 'app.db')}`, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  const databaseUrl = `file:${path.join(dir, 'app.db')}`;
  await prepareDatabase({ env: { ...process.env, DATABASE_URL: databaseUrl }, quiet: true });
  return { dir, databaseUrl, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The environment of a production server started on its own command line (`npm start`, server/start.mjs, the web
 * server under a profiler): on 127.0.0.1:`port` against `databaseUrl` with the test session secret and, unless
 * `rateLimits` is false (the shipped limits), TEST_RATE_LIMITS; `env` last.
 */
export function productionServerEnv({ port, databaseUrl, env = {}, rateLimits = true }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SITE_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: TEST_SESSION_SECRET,
    ...(rateLimits ? TEST_RATE_LIMITS : {}),
    ...env,
  };
}

/** Resolves once `baseUrl` answers /v1/health with 200; throws when `child` exits first or after `timeoutMs`. */
export async function waitForHealth(baseUrl, child, timeoutMs, readyPath = '/v1/health') {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the web server exited early (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(`${baseUrl}${readyPath}`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Server at ${baseUrl} did not become healthy within ${timeoutMs} ms`);
}

/**
 * Serves the production build (`next build` must have run) on a free 127.0.0.1 port against its own database: the web
 * server and the job runner beside it, as `npm start` runs them (JOB_RUNNER=off in `env` for the web server alone),
 * with TEST_RATE_LIMITS unless `env` sets limits. `stop()` kills both and deletes the database; they also die with
 * this process.
 */
export async function startTestServer({ database, env = {}, readyPath } = {}) {
  const db = database ?? (await createTestDatabase());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = serve({
    port,
    host: '127.0.0.1',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: db.databaseUrl,
      SITE_URL: baseUrl,
      SESSION_SECRET: TEST_SESSION_SECRET,
      ...TEST_RATE_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    log: (line) => (output += `${line}\n`),
  });
  for (const child of [server.web, server.worker].filter(Boolean)) {
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
  }
  let running = true;
  const kill = () => {
    if (!running) return;
    running = false;
    server.web.kill('SIGKILL');
    server.worker?.kill('SIGKILL');
  };
  process.once('exit', kill);
  try {
    await waitForHealth(baseUrl, server.web, 60_000, readyPath);
  } catch (error) {
    kill();
    throw new Error(`${error.message}\n--- server output ---\n${output}`);
  }
  return {
    baseUrl,
    databaseUrl: db.databaseUrl,
    /** The server process (for measurements such as its memory). */
    pid: server.web.pid,
    output: () => output,
    /** The web server and the job runner, for tests that signal them. */
    server,
    async stop({ keepDatabase = false } = {}) {
      running = false;
      await server.stop('SIGKILL');
      if (!keepDatabase && !database) await db.remove();
    },
  };
}
