#!/usr/bin/env node
// GET /v1/services against a bare Next.js 16 route handler answering the same bytes (bench/peers/next-route-handler,
// built here with the project's installed next): req/s, p50/p99 and server CPU per request of each, in alternating
// rounds (the machine is shared: load from elsewhere then weighs on both sides of a round alike), and the ratios,
// median of the rounds. Goal (issue 21): /v1/services at least 0.9x the peer's req/s, p99 no worse than the peer's.
//   node bench/next-peer.mjs     BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (default 3)
import autocannon from 'autocannon';
import { startTestServer } from '../test-support/test-server.mjs';
import { printTable } from '../test-support/bench-report.mjs';
import { cpuMilliseconds } from '../test-support/process-cpu.mjs';
import { processTree } from '../test-support/process-tree.mjs';
import { startNextPeer } from './next-peer-server.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const PATH = '/v1/services';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One autocannon run, with the CPU every process under `pid` spent on it. */
async function measure(baseUrl, pid, duration) {
  const cpu = () => processTree(pid).reduce((sum, { pid: each }) => sum + (cpuMilliseconds(each) ?? 0), 0);
  const before = cpu();
  const result = await autocannon({ url: `${baseUrl}${PATH}`, connections, duration });
  return {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequest: (cpu() - before) / Math.max(1, result.requests.total),
    failed: result.non2xx + result.errors,
  };
}

const app = await startTestServer();
let peer;
try {
  const answer = await fetch(`${app.baseUrl}${PATH}`);
  const body = Buffer.from(await answer.arrayBuffer());
  peer = await startNextPeer(body);
  const peerBody = Buffer.from(await (await fetch(`${peer.baseUrl}${PATH}`)).arrayBuffer());
  if (!peerBody.equals(body)) throw new Error('the Next.js peer does not answer the same bytes as the app');
  const sides = { app: { baseUrl: app.baseUrl, pid: app.server.web.pid }, peer: { baseUrl: peer.baseUrl, pid: peer.pid } };
  console.log(`GET ${PATH} (${body.length} bytes): the app (web server of npm start) against a bare Next.js route handler`);
  console.log(`autocannon: ${connections} connections, ${rounds} alternating rounds of ${seconds} s each (after 3 s warm-up each)`);
  for (const side of Object.values(sides)) await autocannon({ url: `${side.baseUrl}${PATH}`, connections, duration: 3 });
  const results = { app: [], peer: [] };
  const rows = [];
  for (let round = 1; round <= rounds; round++) {
    // Who goes first alternates too.
    const order = round % 2 === 1 ? ['app', 'peer'] : ['peer', 'app'];
    for (const name of order) {
      const result = await measure(sides[name].baseUrl, sides[name].pid, seconds);
      results[name].push(result);
      rows.push([`round ${round}: ${name}`, result.rate.toFixed(0), result.p50, result.p99, result.cpuPerRequest.toFixed(2), result.failed]);
    }
  }
  printTable(['run', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/request', 'non-2xx'], rows);
  const ratio = (key) => median(results.app.map((a, i) => a[key] / results.peer[i][key]));
  console.log(
    `/v1/services ÷ Next peer, median of ${rounds} rounds: req/s ${ratio('rate').toFixed(2)}x (goal ≥ 0.9), ` +
      `p99 ${ratio('p99').toFixed(2)}x (goal ≤ 1), CPU per request ${ratio('cpuPerRequest').toFixed(2)}x`,
  );
} finally {
  await peer?.stop();
  await app.stop();
}
