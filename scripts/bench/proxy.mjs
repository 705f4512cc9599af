#!/usr/bin/env node
// The reverse-proxy tier's figures: each target against one instance alone (the web server of `npm start`), then
// through the shipped deploy/nginx.conf in front of it when nginx is installed, with autocannon; one table with
// req/s, p50 and p99 and the ratio of each proxied rate to the app's. Needs the production build (`npm run build`).
//   node scripts/bench/proxy.mjs
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_PROXY_PATHS (default /v1/services, comma-separated)
import autocannon from 'autocannon';
import { findNginx, startNginx } from '../../e2e/support/nginx.mjs';
import { startTestServer } from '../../e2e/support/test-server.mjs';
import { printTable } from './report.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const paths = (process.env.BENCH_PROXY_PATHS ?? '/v1/services').split(',').map((path) => path.trim()).filter(Boolean);

async function measure(url) {
  await autocannon({ url, connections, duration: 2 }); // warm up: JIT, the content snapshot, nginx's cache
  const result = await autocannon({ url, connections, duration: seconds });
  return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors };
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
    const alone = await measure(`${app.baseUrl}${path}`);
    rows.push([`app alone      GET ${path}`, alone.rate.toFixed(0), alone.p50, alone.p99, '1.00', alone.failed]);
    if (proxy) {
      const proxied = await measure(`${proxy.baseUrl}${path}`);
      rows.push([`through nginx  GET ${path}`, proxied.rate.toFixed(0), proxied.p50, proxied.p99, (proxied.rate / alone.rate).toFixed(2), proxied.failed]);
    }
  }
  printTable(['target', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'non-2xx'], rows);
} finally {
  await proxy?.stop();
  await app.stop();
}
