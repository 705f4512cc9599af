#!/usr/bin/env node
// The reverse-proxy tier's figures: each target against one instance alone (the web server of `npm start`), then
// through the shipped deploy/nginx.conf in front of it when nginx is installed, then node:http answering the same
// bytes and headers (the node floor: what one Node process can send at all, whatever renders it), with autocannon;
// one table with req/s, p50 and p99 and each rate as a multiple of the app's and of the node floor. Needs the
// production build (`npm run build`).
//   node bench/proxy.mjs
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50),
//   BENCH_PROXY_PATHS (default /v1/services, a search and /about, comma-separated; paths outside /v1 are asked for as pages)
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { findNginx, startNginx } from '../test-support/nginx.mjs';
import { startTestServer } from '../test-support/test-server.mjs';
import { freePort } from '../test-support/free-port.mjs';
import { printTable } from '../test-support/bench-report.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const paths = (process.env.BENCH_PROXY_PATHS ?? '/v1/services,/v1/insights/search?q=constraint,/about')
  .split(',')
  .map((path) => path.trim())
  .filter(Boolean);

const headersFor = (path) => ({ accept: path.startsWith('/v1') ? 'application/json' : 'text/html' });

async function measure(url, headers) {
  await autocannon({ url, connections, headers, duration: 2 }); // warm up: JIT, the content snapshot, a page's copy, nginx's cache
  const result = await autocannon({ url, connections, headers, duration: seconds });
  return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

/** node:http answering every request with the app's answer to `url`, byte for byte, headers included. */
async function nodeFloor(url, headers) {
  const answer = await fetch(url, { headers });
  const body = Buffer.from(await answer.arrayBuffer());
  const answerHeaders = Object.fromEntries(
    [...answer.headers].filter(([name]) => !['content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)),
  );
  answerHeaders['content-length'] = String(body.length);
  const server = createServer((_request, response) => response.writeHead(200, answerHeaders).end(body));
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

const nginx = findNginx();
// Limits far above what one benchmark client sends (TEST_RATE_LIMITS): the limiter still counts every request.
const app = await startTestServer({ env: { JOB_RUNNER: 'off', TRUSTED_PROXY: '127.0.0.1' } });
// One benchmark client is a flood by nginx's per-address limit (limit_req): measured without it.
const proxy = nginx ? await startNginx({ nginx, upstreams: [new URL(app.baseUrl).host], perAddressLimit: false }) : null;
try {
  console.log(
    `autocannon: ${connections} connections, ${seconds} s per target; ` +
      (nginx ? 'nginx runs deploy/nginx.conf without its per-address limit_req' : 'nginx not installed: the app alone'),
  );
  const rows = [];
  for (const path of paths) {
    const headers = headersFor(path);
    const alone = await measure(`${app.baseUrl}${path}`, headers);
    const floorServer = await nodeFloor(`${app.baseUrl}${path}`, headers);
    const floor = await measure(`${floorServer.baseUrl}${path}`, headers).finally(() => floorServer.stop());
    const row = (name, result) => [
      `${name.padEnd(14)} GET ${path}`,
      result.rate.toFixed(0),
      result.p50,
      result.p99,
      (result.rate / alone.rate).toFixed(2),
      (result.rate / floor.rate).toFixed(2),
      result.failed,
    ];
    rows.push(row('app alone', alone));
    if (proxy) rows.push(row('through nginx', await measure(`${proxy.baseUrl}${path}`, headers)));
    rows.push(row('node floor', floor));
  }
  printTable(['target', 'req/s', 'p50 ms', 'p99 ms', 'x app', 'x node floor', 'non-2xx'], rows);
} finally {
  await proxy?.stop();
  await app.stop();
}
