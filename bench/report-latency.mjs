#!/usr/bin/env node
// How long the website offer audit of a local page takes from payment to `ready` (issue 10): the production build
// and its job runner (as `npm start` runs them) on a fresh database, a local page the audit may fetch
// (AUDIT_ALLOWED_HOSTS), and BENCH_RUNS (default 20) purchases one after another, each paid the way the sandbox
// page's Pay button pays. Two figures per run:
//   - buyer: from sending the payment to the first GET /v1/reports/{token} that answers `ready` (polled every 20 ms);
//   - server: from the checkout's completedAt to the report's readyAt, as stored.
// Needs `npm run build` first.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { serveAuditPage } from '../test-support/audit/audit-page-server.mjs';
import { startTestServer } from '../test-support/test-server.mjs';
import { paySandboxCheckout } from '../test-support/http/server-actions.mjs';
import { percentile, printTable } from '../test-support/bench-report.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARM_UP_RUNS = 2;
const POLL_MS = 20;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (!existsSync('.next/BUILD_ID')) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

async function json(response) {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** One purchase of the audit of `pageUrl`, timed from payment to ready. */
async function timedPurchase(server, sqlite, pageUrl) {
  const { purchaseDigest } = await json(await fetch(`${server.baseUrl}/v1/services/website-offer-audit`));
  const session = await json(
    await fetch(`${server.baseUrl}/v1/services/website-offer-audit/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ purchaseDigest, buyerInputs: { responsibility_acknowledged: true, url_to_audit: pageUrl } }),
    }),
  );
  const paidAt = performance.now();
  const paid = await paySandboxCheckout(server.baseUrl, session.checkoutUrl);
  if (!paid.headers.get('x-action-redirect')?.startsWith(`/checkout/${session.token}`)) throw new Error(`payment failed: ${paid.status}`);
  const { reportUrl } = await json(await fetch(`${server.baseUrl}/v1/checkout/${session.token}`));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const report = await json(await fetch(`${server.baseUrl}${reportUrl}`));
    if (report.status === 'ready') break;
    if (report.status === 'failed') throw new Error(`the audit failed: ${report.failureReason}`);
    if (Date.now() > deadline) throw new Error(`the report is still ${report.status} after 60 s`);
    await sleep(POLL_MS);
  }
  const buyerMs = performance.now() - paidAt;
  const stored = sqlite
    .prepare('SELECT c.completedAt AS completedAt, r.readyAt AS readyAt FROM Report r JOIN Checkout c ON c.token = r.checkoutToken WHERE r.token = ?')
    .get(reportUrl.replace('/v1/reports/', ''));
  return { buyerMs, serverMs: Date.parse(stored.readyAt) - Date.parse(stored.completedAt) };
}

const site = await serveAuditPage();
const server = await startTestServer({ env: { AUDIT_ALLOWED_HOSTS: site.hostPort } });
const sqlite = new Database(server.databaseUrl.replace(/^file:/, ''), { readonly: true });
sqlite.pragma('busy_timeout = 10000');
try {
  const pageUrl = `${site.origin}/offer`;
  for (let run = 0; run < WARM_UP_RUNS; run += 1) await timedPurchase(server, sqlite, pageUrl);
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await timedPurchase(server, sqlite, pageUrl));
  const row = (label, values) => [
    label,
    ...[50, 90].map((p) => percentile(values, p).toFixed(0)),
    Math.min(...values).toFixed(0),
    Math.max(...values).toFixed(0),
  ];
  console.log(`\nWebsite audit of a local page, payment → ready, ${RUNS} runs (after ${WARM_UP_RUNS} warm-up runs), ms\n`);
  printTable(
    ['measured', 'p50', 'p90', 'min', 'max'],
    [
      row(
        'buyer: payment sent → API says ready',
        runs.map((r) => r.buyerMs),
      ),
      row(
        'server: completedAt → readyAt',
        runs.map((r) => r.serverMs),
      ),
    ],
  );
} finally {
  sqlite.close();
  await server.stop();
  await site.close();
}
