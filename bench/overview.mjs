#!/usr/bin/env node
// How long /staff (the overview) takes to render with 10,000 open commitments (issue 23), against the same page on the
// same build with 100 (enough to fill every list, so both render the same rows): two production web servers (as npm start runs them, the job runner off so that the watch does
// not mark and mail thousands of commitments mid-run) on seeded databases of BENCH_DATABASE's engine(s), one of them
// holding BENCH_COMMITMENTS (default 10,000) open inquiry replies (a fifth of the overdue ones missed) due from three
// days ago to ten days ahead, a third owned by the signed-in sales person, a third by a colleague, a third unassigned.
// Each page is requested by one connection for BENCH_SECONDS (latency: the render) and by 10 (throughput);
// /staff/promises, which reads the twelve weeks' commitments, is measured beside it. Needs `npm run build` first; runs
// under tsx (it uses the TypeScript test helpers). `npm run bench -- staff`.
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import { startTestServer } from '../test-support/test-server.mjs';
import { openTestSql } from '../test-support/test-sql';
import { staffSession } from '../test-support/http/staff';
import { printTable } from '../test-support/bench-report.mjs';
import { benchDatabase, benchEngines } from './bench-database.mjs';

const COMMITMENTS = Number(process.env.BENCH_COMMITMENTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The second measurement: a few staff at once (not BENCH_CONNECTIONS, which is sized for the API). */
const CONNECTIONS = 10;
const BATCH = 400;
/** The peer: every list of the overview full (25 rows each), a hundredth of the load. */
const PEER_COMMITMENTS = 100;
const HOUR = 3_600_000;

if (!existsSync('.next/BUILD_ID')) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

/** `count` submitted inquiries with their open reply commitments, written in batches of multi-row INSERTs. */
async function fillCommitments(sql, count, owners) {
  const now = Date.now();
  const start = (await sql.get('SELECT COALESCE(MAX("number"), 0) AS n FROM "Inquiry"')).n;
  for (let from = 0; from < count; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => {
      const n = from + i;
      const dueAt = new Date(now - 72 * HOUR + (n / count) * 13 * 24 * HOUR);
      return {
        number: start + n + 1,
        dueAt,
        submittedAt: new Date(dueAt.getTime() - 16 * HOUR),
        owner: owners[n % 3],
        missed: dueAt.getTime() < now && n % 5 === 0,
      };
    });
    await sql.run(
      `INSERT INTO "Inquiry" ("number", "id", "companyName", "contactName", "email", "problemDescription", "preferredServices", "status", "submittedAt", "estimatedResponseAt")
       VALUES ${rows.map(() => `(?, ?, ?, 'Bench Contact', 'bench@bench.example', 'Work piles up before the paint line.', '[]', 'submitted', ?, ?)`).join(', ')}`,
      ...rows.flatMap((row) => [row.number, `inq_bench_${row.number}`, `Bench Company ${row.number}`, row.submittedAt, row.dueAt]),
    );
    await sql.run(
      `INSERT INTO "Commitment" ("id", "kind", "state", "dueAt", "createdAt", "ownerId", "inquiryNumber", "missedAt", "missReason")
       VALUES ${rows.map(() => `(?, 'inquiry-reply', ?, ?, ?, ?, ?, ?, ?)`).join(', ')}`,
      ...rows.flatMap((row) => [
        `cmt_bench_${row.number}`,
        row.missed ? 'missed' : 'open',
        row.dueAt,
        row.submittedAt,
        row.owner,
        row.number,
        row.missed ? row.dueAt : null,
        row.missed ? 'Nobody was assigned; no reply was logged and the inquiry was still submitted at the due time.' : null,
      ]),
    );
  }
}

async function measure(baseUrl, path, cookie, connections) {
  // A 30-second timeout: on a shared two-core machine ten staff pages at once can queue for several seconds.
  const result = await autocannon({ url: `${baseUrl}${path}`, headers: { cookie }, connections, duration: SECONDS, timeout: 30 });
  if (result.non2xx > 0 || result.errors > 0 || result['2xx'] === 0) {
    throw new Error(`${path}: ${result['2xx']} 2xx, ${result.non2xx} other, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result;
}

/** One server on a fresh database of `engine` with `count` open commitments: its figures for each page. */
async function benchServer(engine, count) {
  const database = await benchDatabase(engine);
  const sql = openTestSql(database.databaseUrl);
  // The watch would mark the overdue ones missed and mail every owner mid-run: this measures the page, not the watch.
  const server = await startTestServer({ database, env: { JOB_RUNNER: 'off' } });
  try {
    const viewer = await staffSession(sql, 'sales');
    const colleague = await staffSession(sql, 'sales');
    const started = performance.now();
    await fillCommitments(sql, count, [viewer.id, colleague.id, null]);
    const fillMs = performance.now() - started;
    const figures = {};
    for (const path of ['/staff', '/staff/promises']) {
      // Warm-up: the first requests of a fresh server compile and fill its caches.
      for (let i = 0; i < 3; i += 1) {
        const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie: viewer.cookie }, redirect: 'manual' });
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        await response.arrayBuffer();
      }
      figures[path] = { single: await measure(server.baseUrl, path, viewer.cookie, 1), many: await measure(server.baseUrl, path, viewer.cookie, CONNECTIONS) };
    }
    return { fillMs, figures };
  } finally {
    await sql.close();
    await server.stop({ keepDatabase: true });
    await database.remove();
  }
}

for (const engine of benchEngines()) {
  console.log(`\n${engine}: ${SECONDS} s per page at 1 and at ${CONNECTIONS} connections, signed in as sales`);
  const peer = await benchServer(engine, PEER_COMMITMENTS);
  const full = await benchServer(engine, COMMITMENTS);
  console.log(`(${COMMITMENTS} open commitments written in ${(full.fillMs / 1000).toFixed(1)} s)`);
  const row = (label, page, run) => {
    const { single, many } = run.figures[page];
    return [`${page} ${label}`, single.latency.p50, single.latency.p99, single.requests.average.toFixed(1), many.requests.average.toFixed(1), many.latency.p99];
  };
  printTable(
    ['page', 'p50 ms (1 conn)', 'p99 ms (1 conn)', 'req/s (1 conn)', `req/s (${CONNECTIONS} conn)`, `p99 ms (${CONNECTIONS} conn)`],
    [
      row(`with ${PEER_COMMITMENTS} open`, '/staff', peer),
      row(`with ${COMMITMENTS} open`, '/staff', full),
      row(`with ${PEER_COMMITMENTS} open`, '/staff/promises', peer),
      row(`with ${COMMITMENTS} open`, '/staff/promises', full),
    ],
  );
  const ratio = full.figures['/staff'].single.latency.p50 / Math.max(1, peer.figures['/staff'].single.latency.p50);
  console.log(`/staff p50 with ${COMMITMENTS} open commitments: ${ratio.toFixed(2)}x the page with ${PEER_COMMITMENTS}`);
}
