import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test-support/free-port.mjs';
import { createTestDatabase, startTestServer, TEST_RATE_LIMITS, TEST_SESSION_SECRET } from '../../test-support/test-server.mjs';
import type { TestDatabase, TestServer } from '../../test-support/test-server.mjs';

/**
 * A second `npm start` on the same SQLite file while the first is busy writing once failed in `migrate deploy` with
 * Prisma's P1008 (the schema engine timed out on the busy database). Here the first instance takes a steady stream
 * of inquiries while a second one starts, three times over: each start must succeed and serve.
 */
const ROUNDS = 3;
const WRITERS = 12;

const inquiry = JSON.stringify({
  companyName: 'Startup Load Co',
  contactName: 'Ada Writer',
  email: 'ada.writer@load.example',
  problemDescription: 'Keeping the database busy with writes while another instance starts.',
  urgency: 'medium',
});

/** Clients that POST inquiries back to back until stopped; counts the stored ones. */
function writeLoad(baseUrl: string) {
  let running = true;
  const stored = { count: 0, failed: [] as string[] };
  const writer = async () => {
    while (running) {
      const response = await fetch(`${baseUrl}/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: inquiry });
      const body = await response.text();
      if (response.status === 200) stored.count += 1;
      // What went wrong, so a failure says which answer the client got.
      else stored.failed.push(`${response.status} ${body.slice(0, 300)}`);
    }
  };
  const writers = Array.from({ length: WRITERS }, writer);
  return {
    stored,
    async stop() {
      running = false;
      await Promise.all(writers);
    },
  };
}

/** `npm start` (server/start.mjs) on `databaseUrl`: resolves once it serves /v1/health, or rejects with its output. */
async function startInstance(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/start.mjs'], {
    env: {
      ...process.env,
      ...TEST_RATE_LIMITS,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET: TEST_SESSION_SECRET,
      JOB_RUNNER: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`npm start did not serve within 90 s:\n${output}`);
    }
    const health = await fetch(`http://127.0.0.1:${port}/v1/health`).catch(() => null);
    if (health?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('a second instance starting while the first is busy writing', () => {
  let database: TestDatabase;
  let first: TestServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    first = await startTestServer({ database, env: { JOB_RUNNER: 'off' } });
  }, 120_000);
  afterAll(async () => {
    await first?.stop();
    database?.remove();
  });

  it(`starts cleanly, ${ROUNDS} times in a row`, { timeout: ROUNDS * 100_000 }, async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const load = writeLoad(first.baseUrl);
      await new Promise((resolve) => setTimeout(resolve, 500)); // the writes are under way before the start
      const before = load.stored.count;
      try {
        const second = await startInstance(database.databaseUrl);
        expect(await second.stop(), second.output()).toBe(0);
      } finally {
        await load.stop();
      }
      // The load really ran while the second instance started, and none of it failed.
      expect(load.stored.count - before).toBeGreaterThan(50);
      expect(load.stored.failed).toEqual([]);
    }
  });
});
