#!/usr/bin/env node
// Where the web server's CPU goes under load: the production server (`npm start`'s web server, without the job
// runner, its log lines discarded) runs with node --cpu-prof while autocannon asks for each path; on SIGTERM it writes a .cpuprofile
// (open it in Chrome DevTools' Performance panel or speedscope), and this prints the self time by function and by
// where the code lives (the project, Next, each package, Node). Needs the production build.
//   node bench/cpu-profile.mjs [path…]    (default /v1/services)
//   node bench/cpu-profile.mjs --summarise <folder>    the tables again, from the profile a run left in <folder>
//   With /v1/services among the paths, the bare Next.js peer answering the same bytes (bench/peers) is profiled after
//   the app the same way, unless BENCH_PROFILE_PEER=off, so the two profiles can be compared line by line.
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_PROFILE_DIR (default a temporary folder, kept)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { productionServerEnv, createTestDatabase, waitForHealth } from '../test-support/test-server.mjs';
import { freePort } from '../test-support/free-port.mjs';
import { printTable } from '../test-support/bench-report.mjs';
import { startNextPeer } from './next-peer-server.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const paths = process.argv.length > 2 ? process.argv.slice(2) : ['/v1/services'];
const profileDir = process.env.BENCH_PROFILE_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'toc-cpu-profile-'));

/** Where a function's code lives: a package under node_modules, Next's compiled app, the project, or Node itself. */
function placeOf(url) {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  if (url.includes('/.next/')) return '.next (the app, bundled)';
  return 'project';
}

/**
 * What each sample is charged to: walking from the running function towards the request's entry, the first frame
 * that is not a V8 builtin: a file of the project (through the build's source maps for the bundled app), Next, a
 * package, or Node's own JavaScript (sockets, HTTP, streams). So JSON.stringify counts for the project file that
 * called it, Next's work for Next and a socket write for Node, whoever called them.
 */
const SUSPECTS = [
  ['rate limiter', /lib\/http\/rate-limit\.ts|lib\/rate-limits\/|rate-limiter-flexible/],
  ['held copies', /lib\/page-cache\/held-copies/],
  ['security headers, nonce, page proxy', /lib\/security\/|^proxy\.ts|lib\/page-cache\/(?!held-copies)/],
  ['ETag, idempotency', /lib\/http\/(cache-policy|idempotency)\.ts|lib\/idempotency\//],
  ['route: validation, use case, JSON', /lib\/http\/|lib\/api\/|lib\/domain\/|lib\/contract\/|lib\/core\/|zod|app\//],
  ['access log (pino)', /lib\/observability\/(logger|log-scrubber)|pino|sonic-boom|quick-format|fast-redact|@pinojs/],
  ['request id, span, metrics', /lib\/observability\/|prom-client|@opentelemetry/],
  ['web server: client address, checks', /server\/web-server|lib\/http\/.*\.mjs|ipaddr/],
  ['database (Prisma, SQLite)', /prisma|better-sqlite3/],
  ['Next.js', /^next\b|node_modules\/next\//],
  ['Node.js: sockets, HTTP, streams, async hooks', /^node$/],
];

const sourceMaps = new Map();
/** The original file (relative to the checkout) of a frame: through the chunk's source map for the bundled app. */
function ownerOf(callFrame) {
  const { url, lineNumber, columnNumber } = callFrame;
  if (!url) return null;
  if (url.startsWith('node:')) return 'node';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  if (url.includes('/.next/')) {
    const file = fileURLToPath(url);
    if (!sourceMaps.has(file)) {
      let map = null;
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
      } catch {
        // no map: the runtime's own chunks
      }
      sourceMaps.set(file, map);
    }
    const source = sourceMaps.get(file)?.findEntry(lineNumber, columnNumber)?.originalSource;
    if (!source) return 'next';
    const inSourceModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    return inSourceModules ? inSourceModules[1] : source.replace(/^(\.\.\/)+/, '').replace(/^\[project\]\//, '');
  }
  return path.relative(process.cwd(), fileURLToPath(url));
}

function suspectOf(owner) {
  if (owner === null) return '(V8: not called from JavaScript)';
  return SUSPECTS.find(([, pattern]) => pattern.test(owner))?.[0] ?? `other: ${owner}`;
}

/**
 * Self time by function and by place, counting only the samples taken within `windows` (the measured runs, in µs of
 * the monotonic clock V8's profiler and process.hrtime share), so start-up and warm-up are left out; per request too.
 */
function summarise(file, windows, requests) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const ownerCache = new Map();
  const chargedTo = (id) => {
    if (!ownerCache.has(id)) {
      const node = byNode.get(id);
      const own = ownerOf(node.callFrame);
      const parent = parentOf.get(id);
      ownerCache.set(id, own ?? (parent === undefined ? null : chargedTo(parent)));
    }
    return ownerCache.get(id);
  };
  const selfMs = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (windows.some(([from, to]) => at >= from && at <= to)) selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const byFunction = new Map();
  const byPlace = new Map();
  const bySuspect = new Map();
  let total = 0;
  for (const [id, ms] of selfMs) {
    const { callFrame } = byNode.get(id);
    if (callFrame.functionName === '(idle)') continue;
    total += ms;
    const where = callFrame.url ? `${callFrame.url.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}` : '';
    const name = `${callFrame.functionName || '(anonymous)'} ${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byPlace.set(placeOf(callFrame.url), (byPlace.get(placeOf(callFrame.url)) ?? 0) + ms);
    const suspect = callFrame.functionName === '(garbage collector)' ? '(garbage collector)' : suspectOf(chargedTo(id));
    bySuspect.set(suspect, (bySuspect.get(suspect) ?? 0) + ms);
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => [name.slice(0, 110), ms.toFixed(0), ((1000 * ms) / requests).toFixed(1), `${((100 * ms) / total).toFixed(1)}%`]);
  console.log(`\nbusy ${total.toFixed(0)} ms over ${requests} measured requests (${((1000 * total) / requests).toFixed(0)} µs each) in ${file}`);
  printTable(['charged to (the nearest owned frame)', 'ms', 'µs/request', 'share'], top(bySuspect, 25));
  console.log('');
  printTable(['where the code lives', 'self ms', 'µs/request', 'share'], top(byPlace, 15));
  console.log('');
  printTable(['function', 'self ms', 'µs/request', 'share'], top(byFunction, 40));
}

/** The web server alone (as `npm start` runs it, without the job runner), under --cpu-prof (not allowed in NODE_OPTIONS). */
async function startProfiledServer() {
  const database = await createTestDatabase('toc-profile-');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, 'server/web-server.mjs'], {
    env: productionServerEnv({ port, databaseUrl: database.databaseUrl }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  await waitForHealth(baseUrl, child, 60_000);
  return {
    baseUrl,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM'); // the profile is written as the process exits
      await exited;
      await database.remove();
    },
  };
}

/** Prints the tables of the profiles in `dir` (a BENCH_PROFILE_DIR of an earlier run). */
function summariseDir(dir) {
  const { windows, requests } = JSON.parse(readFileSync(path.join(dir, 'windows.json'), 'utf8'));
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) summarise(path.join(dir, file), windows, requests);
}

if (process.argv[2] === '--summarise') {
  summariseDir(process.argv[3]);
  process.exit(0);
}

/** Load on each path of `server`; the measured windows and requests are added to `into`. */
async function load(server, into) {
  for (const target of paths) {
    const headers = { accept: target.startsWith('/v1') ? 'application/json' : 'text/html' };
    await autocannon({ url: `${server.baseUrl}${target}`, connections: 10, headers, duration: 2 });
    const from = nowMicroseconds();
    const result = await autocannon({ url: `${server.baseUrl}${target}`, connections, headers, duration: seconds });
    into.windows.push([from, nowMicroseconds()]);
    into.requests += result.requests.total;
    console.log(`${server.name} GET ${target}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ${result.requests.total} requests`);
  }
}

const nowMicroseconds = () => Number(process.hrtime.bigint() / 1000n);
const app = { name: 'app', ...(await startProfiledServer()) };
const measured = { windows: [], requests: 0 };
try {
  await load(app, measured);
  // The Next peer answering the same bytes, for /v1/services: where a bare route handler spends its time.
  if (process.env.BENCH_PROFILE_PEER !== 'off' && paths.includes('/v1/services')) {
    const body = Buffer.from(await (await fetch(`${app.baseUrl}/v1/services`)).arrayBuffer());
    const peerDir = path.join(profileDir, 'next-peer');
    mkdirSync(peerDir, { recursive: true });
    const peer = { name: 'Next peer', ...(await startNextPeer(body, { nodeArguments: ['--cpu-prof', `--cpu-prof-dir=${peerDir}`] })) };
    const peerMeasured = { windows: [], requests: 0 };
    try {
      const only = paths.splice(0, paths.length, '/v1/services');
      await load(peer, peerMeasured);
      paths.splice(0, paths.length, ...only);
    } finally {
      await peer.stop();
    }
    writeFileSync(path.join(peerDir, 'windows.json'), JSON.stringify(peerMeasured));
  }
} finally {
  await app.stop();
}
writeFileSync(path.join(profileDir, 'windows.json'), JSON.stringify(measured));
console.log('\n━━━ the app ━━━');
summariseDir(profileDir);
if (existsSync(path.join(profileDir, 'next-peer', 'windows.json'))) {
  console.log('\n━━━ the Next peer (bench/peers/next-route-handler) ━━━');
  summariseDir(path.join(profileDir, 'next-peer'));
}
