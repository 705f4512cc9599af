#!/usr/bin/env node
// The job runner's figures (issue 8), printed as a table:
//   1. how long a job waits between enqueue and start when the runner is idle: woken the way `npm start` wakes it
//      (the web server's commit → IPC), and by polling alone (a separate `npm run worker`);
//   2. jobs per second one runner completes on SQLite (no-op jobs), at concurrency 1 and 4;
//   3. webhook handling: POST /webhooks/stripe latency (verify, record, enqueue), one at a time and 10 at once,
//      and the time from delivery to the checkout being complete.
// Needs the production build for part 3 (`npm run build`). BENCH_JOBS (default 3000) sets the size of part 2.
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { spawnWorker } from '../server/processes.mjs';
import { createTestDatabase, startTestServer } from '../test-support/test-server.mjs';
import { percentile, printTable } from '../test-support/bench-report.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 3000);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function openDatabase(databaseUrl) {
  const sqlite = new Database(databaseUrl.replace(/^file:/, ''));
  sqlite.pragma('busy_timeout = 10000');
  return sqlite;
}

/** Dates as Prisma writes them to SQLite (text, `+00:00`), so SQL comparisons with its own values hold to the millisecond. */
const sqliteDate = (date) => date.toISOString().replace('Z', '+00:00');

function insertNoopJobs(sqlite, count, now = new Date()) {
  const insert = sqlite.prepare(
    `INSERT INTO Job (id, type, payload, status, runAt, attempts, maxAttempts, createdAt, updatedAt) VALUES (?, 'diagnostics.noop', '{}', 'queued', ?, 0, 3, ?, ?)`,
  );
  const ids = [];
  sqlite.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const id = `job_bench_${randomBytes(8).toString('hex')}`;
      const at = sqliteDate(now);
      insert.run(id, at, at, at);
      ids.push(id);
    }
  })();
  return ids;
}

async function startBenchWorker(databaseUrl, env = {}) {
  const worker = spawnWorker({ env: { ...process.env, DATABASE_URL: databaseUrl, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => worker.stdout.on('data', (chunk) => String(chunk).includes('runner started') && resolve()));
  return worker;
}

async function stopWorker(worker) {
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.kill('SIGTERM');
  await exited;
}

async function waitForJobs(sqlite, ids, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  const placeholders = ids.map(() => '?').join(',');
  const done = sqlite.prepare(`SELECT COUNT(*) AS n FROM Job WHERE status = 'succeeded' AND id IN (${placeholders})`);
  while (done.get(...ids).n < ids.length) {
    if (Date.now() > deadline) throw new Error('jobs did not finish in time');
    await sleep(5);
  }
  return sqlite.prepare(`SELECT createdAt, finishedAt FROM Job WHERE id IN (${placeholders})`).all(...ids);
}

/** One job at a time into an idle runner; the wait is finishedAt - createdAt of a job that does nothing. */
async function idleWait(databaseUrl, { wake }) {
  const sqlite = openDatabase(databaseUrl);
  const worker = await startBenchWorker(databaseUrl);
  const waits = [];
  for (let i = 0; i < 40; i += 1) {
    await sleep(150 + Math.random() * 200); // idle between jobs, at a random phase of the poll
    const ids = insertNoopJobs(sqlite, 1);
    if (wake) worker.send({ type: 'jobs:wake' });
    const [row] = await waitForJobs(sqlite, ids);
    waits.push(Date.parse(row.finishedAt) - Date.parse(row.createdAt));
  }
  await stopWorker(worker);
  sqlite.close();
  return waits;
}

async function throughput(databaseUrl, concurrency) {
  const sqlite = openDatabase(databaseUrl);
  sqlite.prepare('DELETE FROM Job').run();
  const ids = insertNoopJobs(sqlite, JOBS);
  const started = Date.now();
  const worker = await startBenchWorker(databaseUrl, { JOB_CONCURRENCY: String(concurrency) });
  const rows = await waitForJobs(sqlite, ids, 300_000);
  const finished = rows.map((row) => Date.parse(row.finishedAt)).sort((a, b) => a - b);
  await stopWorker(worker);
  sqlite.close();
  // From the first job finished to the last: the runner's pace, without process start-up.
  return { perSecond: ((JOBS - 1) / (finished.at(-1) - finished[0])) * 1000, wallSeconds: (Date.now() - started) / 1000 };
}

async function webhooks() {
  const { startStripeStandIn } = await import('../test-support/stripe/stripe-stand-in.ts');
  const { checkoutSessionEvent, signedDelivery, TEST_STRIPE_SECRET_KEY, TEST_STRIPE_WEBHOOK_SECRET } = await import('../test-support/stripe/stripe-events.ts');
  const standIn = await startStripeStandIn();
  const server = await startTestServer({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.apiBase,
    },
  });
  const sqlite = openDatabase(server.databaseUrl);
  try {
    const { purchaseDigest } = await (await fetch(`${server.baseUrl}/v1/services/constraint-snapshot`)).json();
    const checkouts = [];
    for (let i = 0; i < 300; i += 1) {
      const session = await (
        await fetch(`${server.baseUrl}/v1/services/constraint-snapshot/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ purchaseDigest, buyerInputs: {} }),
        })
      ).json();
      const { providerSessionId } = sqlite.prepare('SELECT providerSessionId FROM Checkout WHERE token = ?').get(session.token);
      checkouts.push({ token: session.token, sessionId: providerSessionId });
    }
    const deliver = async ({ sessionId }) => {
      const { body, headers } = signedDelivery(checkoutSessionEvent('checkout.session.completed', { id: sessionId }));
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/webhooks/stripe`, { method: 'POST', headers, body });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
      return { ms: performance.now() - started, at: Date.now() };
    };
    const sequential = [];
    const toComplete = [];
    for (const checkout of checkouts.slice(0, 100)) {
      const { ms, at } = await deliver(checkout);
      sequential.push(ms);
      // Delivery to completed checkout, with the runner idle in between.
      for (;;) {
        const row = sqlite.prepare('SELECT completedAt FROM Checkout WHERE token = ?').get(checkout.token);
        if (row.completedAt) {
          toComplete.push(Date.parse(row.completedAt) - at + ms);
          break;
        }
        await sleep(2);
      }
    }
    const concurrent = [];
    const rest = checkouts.slice(100);
    for (let i = 0; i < rest.length; i += 10) {
      for (const { ms } of await Promise.all(rest.slice(i, i + 10).map(deliver))) concurrent.push(ms);
    }
    return { sequential, concurrent, toComplete };
  } finally {
    sqlite.close();
    await server.stop();
    await standIn.close();
  }
}

const database = await createTestDatabase('toc-bench-jobs-');
try {
  const rows = [];
  const woken = await idleWait(database.databaseUrl, { wake: true });
  const polled = await idleWait(database.databaseUrl, { wake: false });
  rows.push([
    'idle wait, enqueue → done (woken over IPC, as under npm start)',
    `p50 ${percentile(woken, 50).toFixed(1)} ms`,
    `p99 ${percentile(woken, 99).toFixed(1)} ms`,
  ]);
  rows.push([
    'idle wait, enqueue → done (polling alone, JOB_POLL_MS=500)',
    `p50 ${percentile(polled, 50).toFixed(1)} ms`,
    `p99 ${percentile(polled, 99).toFixed(1)} ms`,
  ]);
  for (const concurrency of [1, 4]) {
    const { perSecond, wallSeconds } = await throughput(database.databaseUrl, concurrency);
    rows.push([
      `no-op jobs per second, one runner, concurrency ${concurrency} (${JOBS} jobs)`,
      `${perSecond.toFixed(0)} jobs/s`,
      `${wallSeconds.toFixed(1)} s wall`,
    ]);
  }
  const hooks = await webhooks();
  rows.push([
    'POST /webhooks/stripe, one at a time (100)',
    `p50 ${percentile(hooks.sequential, 50).toFixed(1)} ms`,
    `p99 ${percentile(hooks.sequential, 99).toFixed(1)} ms`,
  ]);
  rows.push([
    'POST /webhooks/stripe, 10 at once (200)',
    `p50 ${percentile(hooks.concurrent, 50).toFixed(1)} ms`,
    `p99 ${percentile(hooks.concurrent, 99).toFixed(1)} ms`,
  ]);
  rows.push([
    'webhook sent → checkout complete (100)',
    `p50 ${percentile(hooks.toComplete, 50).toFixed(1)} ms`,
    `p99 ${percentile(hooks.toComplete, 99).toFixed(1)} ms`,
  ]);
  printTable(['job runner and webhooks', 'figure', ''], rows);
} finally {
  database.remove();
}
