#!/usr/bin/env node
// `npm run bench [http] [next-peer] [jobs] [proxy] [email] [reports] [mcp] [webhooks] [observability] [staff] [analytics]
// [media] [footprint] [calendars]`: every figure the issues ask for, against the production build (`npm run build`
// first). With no argument, all of them, in this order:
//   http     throughput and latency of the main operations and of cached content pages with autocannon, one line per
//            target (below), each page also as a multiple of /v1/services, and the largest script a page loads from the
//            web server's held copy against the same file from Next, and so is a prefetch of a cached page by Next's
//            client router;
//   next-peer  /v1/services against a bare Next.js route handler answering the same bytes, alternating rounds, and the
//            ratio (bench/next-peer.mjs);
//   jobs     the job runner's idle wait and pace, and webhook latency (bench/jobs.mjs);
//   proxy    /v1/services and a cached page: the app alone, through the shipped nginx config, and node:http serving
//            the same bytes (the node floor) (bench/proxy.mjs);
//   email    POST /v1/inquiries to the SMTP server's acceptance (bench/email-latency.mjs);
//   reports  payment to a ready website audit of a local page (bench/report-latency.mjs);
//   mcp      an MCP tool call against the same /v1 request (bench/mcp.mjs);
//   webhooks a committed write to the receiver's 2xx, idle and under load, and deliveries per second (bench/webhook-latency.mjs).
//   observability  /v1/services with logging, metrics scraping and tracing to an OTLP receiver, against the same build
//            with them off (bench/observability.mjs);
//   staff    the overview /staff with 10,000 open commitments against the same page with 100 (bench/overview.mjs);
//   analytics  a cached page with counting on and off, and the dashboard at a year of data (bench/analytics.mjs);
//   media    processing per upload of a 12-megapixel JPEG, and the bytes a phone downloads for a hero image (bench/media.mjs);
//   footprint  resident memory of every process of the `npm start` tree: idle, after a mixed load, and after each of
//            three search rounds at 10,000 insights (bench/footprint.mjs);
//   calendars  sync time of a 2,000-event calendar, and what 5 connected calendars add to availability and booking
//            (bench/calendars.mjs; needs Debian's radicale).
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_ONLY (substring filter on target names)
//   BENCH_DATABASE: both (default: the two engines side by side with their ratio), sqlite, or postgres (an embedded
//   PostgreSQL started for the run)
// `npm run bench -- --insights 10000`: search at scale instead (bench/insights-at-scale.mjs),
// at 20 connections unless BENCH_CONNECTIONS says otherwise.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { run } from '../server/run.mjs';
import { startTestServer } from '../test-support/test-server.mjs';
import { printTable } from '../test-support/bench-report.mjs';
import { ROUTER_PREFETCH_HEADERS, routerAddress } from '../test-support/http/router-prefetch.mjs';
import { benchDatabase, benchEngines } from './bench-database.mjs';
import { benchInsightsAtScale } from './insights-at-scale.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const { values: args, positionals: suites } = parseArgs({ options: { insights: { type: 'string' } }, allowPositionals: true });
if (args.insights !== undefined) {
  const insights = Number(args.insights);
  if (!Number.isInteger(insights) || insights < 1) throw new Error('--insights wants a whole number, e.g. --insights 10000');
  await benchInsightsAtScale({ insights, seconds, connections: Number(process.env.BENCH_CONNECTIONS ?? 20) });
  process.exit(0);
}
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const inquiry = {
  companyName: 'Benchmark Fabrication',
  contactName: 'Load Tester',
  email: 'load.tester@bench.example',
  problemDescription: 'Measuring how fast inquiries are accepted and stored.',
  urgency: 'medium',
  preferredServices: ['constraint-snapshot'],
};

const PAGE = { accept: 'text/html' };
/** A prefetch of a page's tree by Next's client router, compressed as a browser asks. */
const PREFETCH = { ...ROUTER_PREFETCH_HEADERS, 'accept-encoding': 'gzip' };
const targets = [
  { name: 'GET /v1/services', path: '/v1/services' },
  { name: 'GET /v1/insights/search?q=constraint', path: '/v1/insights/search?q=constraint' },
  // Content pages, answered from their cached copy for the current content edition (issue 11 §4: >= 0.9x /v1/services).
  { name: 'GET /about (cached page)', path: '/about', headers: PAGE, page: true },
  { name: 'GET /services (cached page)', path: '/services', headers: PAGE, page: true },
  { name: 'GET /insights/<an article> (cached page)', path: '/insights/why-local-efficiency-lies', headers: PAGE, page: true },
  // The largest script a page loads: the web server's held copy, against Next reading and compressing the file again
  // (an If-Modified-Since long past still gets the whole file, from Next: held-static-assets.mjs leaves it to Next).
  { name: 'GET the largest page script (held copy)', asset: true, headers: { 'accept-encoding': 'gzip' } },
  {
    name: 'GET the largest page script (Next)',
    asset: true,
    headers: { 'accept-encoding': 'gzip', 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' },
    peerOf: 'GET the largest page script (held copy)',
  },
  // What Next's client router asks for each link to a content page a visitor sees (6 to 12 per page): the web server's
  // held answer, against Next's (an If-None-Match goes to Next, which answers a router request whole: held-copies.mjs).
  { name: 'GET a prefetch of /services (held copy)', prefetch: '/services', headers: PREFETCH },
  {
    name: 'GET a prefetch of /services (Next)',
    prefetch: '/services',
    headers: { ...PREFETCH, 'if-none-match': '"none"' },
    peerOf: 'GET a prefetch of /services (held copy)',
  },
  // Every request stores an inquiry: the write path, at the 20 connections the write issue names.
  {
    name: 'POST /v1/inquiries (20 connections)',
    path: '/v1/inquiries',
    method: 'POST',
    connections: 20,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(inquiry),
  },
];

/** What a cached page's rate is compared with. */
const API_TARGET = 'GET /v1/services';

/** The address of the largest script /about loads (by its size before compression). */
async function largestPageScript(baseUrl) {
  const page = await (await fetch(`${baseUrl}/about`, { headers: PAGE })).text();
  const scripts = [...page.matchAll(/src="(\/_next\/static\/chunks\/[\w-]+\.js)"/g)].map((match) => match[1]);
  const sized = await Promise.all(scripts.map(async (path) => ({ path, bytes: (await (await fetch(`${baseUrl}${path}`)).arrayBuffer()).byteLength })));
  return sized.sort((a, b) => b.bytes - a.bytes)[0].path;
}

const wants = (suite) => suites.length === 0 || suites.includes(suite);

/** Every target against a production server on a seeded database of `engine`; one line per target. */
async function benchHttp(engine) {
  const database = await benchDatabase(engine);
  const server = await startTestServer({ database });
  const figures = new Map();
  try {
    console.log(`\n${engine}: autocannon, ${connections} connections, ${seconds} s per target, against ${server.baseUrl}`);
    const script = await largestPageScript(server.baseUrl);
    const prefetch = await routerAddress(server.baseUrl, '/services', PREFETCH);
    const chosen = targets
      .filter((t) => t.name.includes(process.env.BENCH_ONLY ?? ''))
      .map((target) => (target.asset ? { ...target, path: script } : target.prefetch ? { ...target, path: prefetch } : target));
    // A fresh server compiles and fills its caches on the first requests: two unmeasured seconds per read first.
    // A page's first request renders its cached copy, so the measured seconds are of the copy.
    for (const target of chosen.filter((t) => !t.method))
      await autocannon({ url: `${server.baseUrl}${target.path}`, headers: target.headers, connections: 10, duration: 2 });
    for (const target of chosen) {
      const result = await autocannon({
        url: `${server.baseUrl}${target.path}`,
        method: target.method ?? 'GET',
        connections: target.connections ?? connections,
        duration: seconds,
        headers: target.headers,
        body: target.body,
      });
      const ok = result['2xx'];
      console.log(
        `${target.name.padEnd(44)} ${result.requests.average.toFixed(0).padStart(6)} req/s  ` +
          `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  (${ok} 2xx, ${result.non2xx} other, ${result.errors} errors)` +
          (target.page && figures.has(API_TARGET) ? `  ${(result.requests.average / figures.get(API_TARGET).requests.average).toFixed(2)}x /v1/services` : '') +
          (target.peerOf && figures.has(target.peerOf)
            ? `  (the held copy: ${(figures.get(target.peerOf).requests.average / result.requests.average).toFixed(1)}x)`
            : ''),
      );
      figures.set(target.name, result);
    }
  } finally {
    await server.stop({ keepDatabase: true });
    await database.remove();
  }
  return figures;
}

if (wants('http')) {
  const engines = benchEngines();
  const byEngine = new Map();
  for (const engine of engines) byEngine.set(engine, await benchHttp(engine));
  if (engines.length === 2) {
    const [sqlite, postgres] = [byEngine.get('sqlite'), byEngine.get('postgres')];
    console.log('\nSQLite and PostgreSQL side by side (req/s, p50/p99 ms):');
    printTable(
      ['target', 'SQLite', 'PostgreSQL', 'PostgreSQL / SQLite'],
      [...sqlite.keys()].map((name) => {
        const [a, b] = [sqlite.get(name), postgres.get(name)];
        const cell = (r) => `${r.requests.average.toFixed(0)}  ${r.latency.p50}/${r.latency.p99}`;
        return [name, cell(a), cell(b), (b.requests.average / a.requests.average).toFixed(2)];
      }),
    );
  }
}

/** The other suites are scripts of their own (jobs.mjs imports TypeScript test helpers, so it runs under tsx). */
const SUITE_SCRIPTS = {
  'next-peer': ['bench/next-peer.mjs'],
  jobs: ['--import', 'tsx', 'bench/jobs.mjs'],
  proxy: ['bench/proxy.mjs'],
  email: ['bench/email-latency.mjs'],
  reports: ['bench/report-latency.mjs'],
  mcp: ['bench/mcp.mjs'],
  webhooks: ['--import', 'tsx', 'bench/webhook-latency.mjs'],
  observability: ['--import', 'tsx', 'bench/observability.mjs'],
  staff: ['--import', 'tsx', 'bench/overview.mjs'],
  analytics: ['--import', 'tsx', 'bench/analytics.mjs'],
  media: ['--import', 'tsx', 'bench/media.mjs'],
  footprint: ['bench/footprint.mjs'],
  calendars: ['--import', 'tsx', 'bench/calendars.mjs'],
};
for (const [suite, args] of Object.entries(SUITE_SCRIPTS)) {
  if (!wants(suite)) continue;
  console.log(`\n━━━ ${suite} ━━━`);
  const { code } = await run(process.execPath, args);
  if (code !== 0) process.exitCode = code;
}
