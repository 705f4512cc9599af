#!/usr/bin/env node
// `npm run bench -- footprint`: the resident memory (VmRSS) of every process of the `npm start` tree, found from the
// root's pid through /proc (whatever shape the tree has: an npm wrapper or not, a separate job runner or a thread):
//   1. on the seeded database: idle once healthy, and after a mixed load (API reads, searches, cached and rendered
//      pages, inquiries);
//   2. on a database of 10,000 insights (bench/insights-at-scale.mjs): idle once healthy, and after each of three
//      rounds of random searches (two words, then a word being typed; new queries every round).
// Goals (issue 21): the whole tree at most 350 MB after the mixed load; the web server flat across search rounds 2 and 3.
//   BENCH_SECONDS (default 10: each part of a round), BENCH_CONNECTIONS (default 20), BENCH_INSIGHTS (default 10000),
//   BENCH_FOOTPRINT_COMMAND (default `npm start`: the command whose tree is measured, run in the checkout),
//   BENCH_FOOTPRINT_PARTS (default `seeded,insights`: which of the two parts to run),
//   BENCH_HEAP_SNAPSHOTS (a folder: the web server writes a heap snapshot there after each phase, for DevTools' Memory panel)
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readdirSync, renameSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { productionServerEnv, createTestDatabase, waitForHealth } from '../test-support/test-server.mjs';
import { freePort } from '../test-support/free-port.mjs';
import { printTable } from '../test-support/bench-report.mjs';
import { residentBytes } from '../test-support/process-memory.mjs';
import { commandOf, processTree } from '../test-support/process-tree.mjs';
import { createInsightsDatabase, twoWordSearches, typingSearches } from './insights-at-scale.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const insights = Number(process.env.BENCH_INSIGHTS ?? 10_000);
const command = (process.env.BENCH_FOOTPRINT_COMMAND ?? 'npm start').split(' ');
const snapshotDir = process.env.BENCH_HEAP_SNAPSHOTS ? path.resolve(process.env.BENCH_HEAP_SNAPSHOTS) : null;
const MIB = 2 ** 20;
/** How long an idle tree is left to settle (start-up garbage collected, the runner's first polls done). */
const SETTLE_MS = 5000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the command's tree on `database` and waits for /v1/health. */
async function startTree(database) {
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `toc-footprint-${port}.log`);
  console.log(`(its log: ${logFile})`);
  const baseUrl = `http://127.0.0.1:${port}`;
  const root = spawn(command[0], command.slice(1), {
    env: productionServerEnv({
      port,
      databaseUrl: database.databaseUrl,
      env: { LOG_LEVEL: 'warn', ...(snapshotDir ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2`.trim() } : {}) },
    }),
    // Its log (warnings and errors only) goes to a file, shown when something fails.
    stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')],
    detached: true, // its own process group, so that the whole tree can be stopped at once
  });
  let stopping = false;
  root.once('exit', (code, signal) => {
    if (!stopping) console.log(`${command.join(' ')} exited unexpectedly (${signal ?? code}); its log: ${logFile}`);
  });
  const killGroup = (signal) => {
    try {
      process.kill(-root.pid, signal);
    } catch {
      // already gone
    }
  };
  process.once('exit', () => killGroup('SIGKILL'));
  await waitForHealth(baseUrl, root, 120_000);
  return {
    baseUrl,
    pid: root.pid,
    async stop() {
      stopping = true;
      const exited = new Promise((resolve) => (root.exitCode !== null ? resolve() : root.once('exit', resolve)));
      killGroup('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      killGroup('SIGKILL');
    },
  };
}

/** The web server of the tree: the process serving Next (Next names it next-server), else the one running web-server. */
function webServerOf(tree) {
  return (tree.find(({ pid }) => commandOf(pid).includes('next-server')) ?? tree.find(({ pid }) => commandOf(pid).includes('web-server')) ?? tree.at(-1)).pid;
}

/** Signals the web server to write a heap snapshot (into its working directory, the checkout) and moves it to snapshotDir. */
async function heapSnapshot(pid, phase) {
  const before = new Set(readdirSync(process.cwd()));
  process.kill(pid, 'SIGUSR2');
  let size = -1;
  for (let waited = 0; waited < 180_000; waited += 1000) {
    await sleep(1000);
    const written = readdirSync(process.cwd()).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
    if (!written) continue;
    // Written when its size stops changing.
    const now = statSync(written).size;
    if (now > 0 && now === size) return renameSync(written, path.join(snapshotDir, `${phase.replace(/[^a-z0-9]+/gi, '-')}.heapsnapshot`));
    size = now;
  }
}

/** Every process of the tree and its resident memory now; a heap snapshot of the web server when asked for. */
async function sample(server, phase) {
  const tree = processTree(server.pid).map(({ pid, depth }) => ({ pid, depth, command: commandOf(pid), rss: residentBytes(pid) }));
  if (snapshotDir) await heapSnapshot(webServerOf(tree), phase);
  return { phase, tree };
}

const PAGE = { accept: 'text/html' };
const JSON_ACCEPT = { accept: 'application/json' };

/** A short mixed load: API reads and searches, cached and rendered pages, and inquiries (one request in ten). */
async function mixedLoad(baseUrl) {
  const services = (await (await fetch(`${baseUrl}/v1/services`)).json()).items ?? [];
  const inquiry = JSON.stringify({
    companyName: 'Footprint Fabrication',
    contactName: 'Load Tester',
    email: 'footprint@bench.example',
    problemDescription: 'Measuring how much memory a mixed load leaves behind.',
    urgency: 'medium',
    preferredServices: ['constraint-snapshot'],
  });
  const reads = [
    ['/v1/services', JSON_ACCEPT],
    ...services.map((service) => [`/v1/services/${service.id}`, JSON_ACCEPT]),
    ['/v1/insights', JSON_ACCEPT],
    ['/v1/insights/search?q=constraint', JSON_ACCEPT],
    ['/v1/insights/search?q=buffer%20management', JSON_ACCEPT],
    ['/', PAGE],
    ['/about', PAGE],
    ['/services', PAGE],
    ['/insights', PAGE],
    ['/insights/why-local-efficiency-lies', PAGE],
    ['/contact', PAGE],
    ['/book', PAGE],
    ['/sitemap.xml', {}],
  ];
  let n = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds * 3,
    requests: [
      {
        setupRequest: (request) => {
          n += 1;
          if (n % 10 === 0) return { ...request, method: 'POST', path: '/v1/inquiries', headers: { 'content-type': 'application/json' }, body: inquiry };
          const [target, headers] = reads[n % reads.length];
          return { ...request, method: 'GET', path: target, headers, body: undefined };
        },
      },
    ],
  });
  console.log(`mixed load: ${result.requests.total} requests in ${seconds * 3} s (${result['2xx']} 2xx, ${result.non2xx} other, ${result.errors} errors)`);
}

/** One search round: random two-word searches, then searches whose last word is being typed, with new queries. */
async function searchRound(baseUrl, vocabulary, round) {
  const total = { requests: 0, ok: 0 };
  for (const next of [twoWordSearches(vocabulary, 100 + round), typingSearches(vocabulary, 200 + round)]) {
    const result = await autocannon({
      url: baseUrl,
      connections,
      duration: seconds,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: next() }) }],
    });
    total.requests += result.requests.total;
    total.ok += result['2xx'];
  }
  console.log(`search round ${round}: ${total.requests} searches (${total.ok} 2xx)`);
}

/** One table: a row per process (indented under its parent), a column per phase, and the tree's total. */
function printFootprint(title, samples) {
  const processes = new Map();
  for (const { tree } of samples) for (const each of tree) if (!processes.has(each.pid)) processes.set(each.pid, each);
  const mib = (bytes) => (bytes === null || bytes === undefined ? '-' : (bytes / MIB).toFixed(0));
  const rows = [...processes.values()].map(({ pid, depth, command: shown }) => [
    `${'  '.repeat(depth)}${shown} [${pid}]`,
    ...samples.map(({ tree }) => mib(tree.find((each) => each.pid === pid)?.rss)),
  ]);
  rows.push(['whole tree', ...samples.map(({ tree }) => mib(tree.reduce((sum, each) => sum + (each.rss ?? 0), 0)))]);
  console.log(`\n${title} (VmRSS, MiB)`);
  printTable(['process', ...samples.map(({ phase }) => phase)], rows);
}

if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });
console.log(`the tree of \`${command.join(' ')}\`, ${connections} connections, ${seconds} s per load part; settled ${SETTLE_MS / 1000} s before each sample`);

const parts = (process.env.BENCH_FOOTPRINT_PARTS ?? 'seeded,insights').split(',');

// 1. The seeded database: idle, then after the mixed load.
if (parts.includes('seeded')) {
  const database = await createTestDatabase('toc-footprint-');
  const server = await startTree(database);
  try {
    await sleep(SETTLE_MS);
    const samples = [await sample(server, 'idle')];
    await mixedLoad(server.baseUrl);
    await sleep(SETTLE_MS);
    samples.push(await sample(server, 'after mixed load'));
    printFootprint('seeded database', samples);
  } finally {
    await server.stop();
    await database.remove();
  }
}

// 2. 10,000 insights: idle, then after each search round.
if (parts.includes('insights')) {
  const { database, vocabulary } = await createInsightsDatabase(insights);
  const server = await startTree(database);
  try {
    await sleep(SETTLE_MS);
    const samples = [await sample(server, 'idle')];
    for (let round = 1; round <= 3; round++) {
      await searchRound(server.baseUrl, vocabulary, round);
      await sleep(SETTLE_MS);
      samples.push(await sample(server, `search ${round}`));
    }
    printFootprint(`${insights} insights`, samples);
  } finally {
    await server.stop();
    await database.remove();
  }
}
if (snapshotDir) console.log(`\nheap snapshots of the web server: ${snapshotDir}`);
