#!/usr/bin/env node
// What watching the site costs (issue 20): GET /v1/services with autocannon against the same build and database,
//   off       LOG_LEVEL=silent, no OTLP endpoint, nobody scraping;
//   logs      LOG_LEVEL=info: one JSON access line per request;
//   metrics   logs, and /metrics scraped every second on METRICS_PORT, as Prometheus would;
//   all       logs, metrics, and every request traced (the SDK's default sampler), the spans exported over OTLP/HTTP to
//             a receiver running beside it (test-support/otlp-receiver.ts, which accepts and counts them);
//   sampled   the same with one trace in ten kept (OTEL_TRACES_SAMPLER=parentbased_traceidratio, ARG 0.1);
// each as a ratio to `off`: requests per second, and the CPU time the server's processes (web server and runner)
// spend per request, which depends far less than throughput on what else the machine runs. Rounds alternate the
// order (BENCH_ROUNDS, default 2). The metric updates a request makes are always on (in-process counters, nothing is
// sent); their cost per request is measured on its own. BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50).
import autocannon from 'autocannon';
import { freePort } from '../test-support/free-port.mjs';
import { printTable } from '../test-support/bench-report.mjs';
import { startOtlpReceiver } from '../test-support/otlp-receiver.ts';
import { cpuMilliseconds } from '../test-support/process-cpu.mjs';
import { createTestDatabase, startTestServer } from '../test-support/test-server.mjs';
import { metrics } from '../lib/observability/metrics.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const PATH = '/v1/services';
const PEERS = ['off', 'logs', 'metrics', 'all', 'sampled'];

/** The in-process metric updates of one request (server/web-server.mjs through request-observer.mjs), in µs. */
function metricUpdateMicros(iterations = 200_000) {
  const series = metrics('bench');
  const labels = { method: 'GET', route: PATH, status_class: '2xx' };
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) {
    series.httpRequestsInFlight.inc();
    series.httpRequestsInFlight.dec();
    series.httpRequestDuration.observe(labels, 0.002);
    series.httpResponses.inc({ source: 'next' });
  }
  return Number(process.hrtime.bigint() - started) / 1000 / iterations;
}

async function measure(peer, database, receiver) {
  const env = { LOG_LEVEL: peer === 'off' ? 'silent' : 'info', JOB_POLL_MS: '500' };
  if (peer !== 'off' && peer !== 'logs') env.METRICS_PORT = String(await freePort());
  if (peer === 'all' || peer === 'sampled') env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
  if (peer === 'sampled') Object.assign(env, { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' });
  const server = await startTestServer({ database, env });
  let scraper;
  try {
    if (env.METRICS_PORT) {
      const scrape = () => fetch(`http://127.0.0.1:${env.METRICS_PORT}/metrics`).then((response) => response.text());
      scraper = setInterval(() => void scrape().catch(() => {}), 1000);
    }
    // A fresh server compiles and fills its caches on the first requests.
    await autocannon({ url: `${server.baseUrl}${PATH}`, connections: 10, duration: 2 });
    const pids = [server.server.web.pid, server.server.worker?.pid].filter(Boolean);
    const cpu = () => pids.reduce((sum, pid) => sum + (cpuMilliseconds(pid) ?? 0), 0);
    const cpuBefore = cpu();
    const result = await autocannon({ url: `${server.baseUrl}${PATH}`, connections, duration: seconds });
    const cpuMs = cpu() - cpuBefore;
    return {
      rate: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuPerRequest: cpuMs / Math.max(1, result.requests.total),
      errors: result.errors + result.non2xx,
    };
  } finally {
    clearInterval(scraper);
    await server.stop({ keepDatabase: true });
  }
}

const database = await createTestDatabase('toc-bench-observability-');
const receiver = await startOtlpReceiver({ parse: false });
const results = new Map(PEERS.map((peer) => [peer, []]));
try {
  console.log(`GET ${PATH}: autocannon, ${connections} connections, ${seconds} s per peer, ${rounds} round(s), SQLite`);
  for (let round = 0; round < rounds; round += 1) {
    for (const peer of round % 2 === 0 ? PEERS : [...PEERS].reverse()) {
      const result = await measure(peer, database, receiver);
      results.get(peer).push(result);
      console.log(
        `  round ${round + 1} ${peer.padEnd(7)} ${result.rate.toFixed(0)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  ` +
          `${result.cpuPerRequest.toFixed(2)} ms CPU/request  (${result.errors} errors)`,
      );
    }
  }
} finally {
  await receiver.close();
  await database.remove();
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const meanOf = (peer, field) => mean(results.get(peer).map((result) => result[field]));
console.log('');
printTable(
  ['peer', 'req/s (mean)', 'p50 ms', 'p99 ms', 'req/s ratio to off', 'CPU ms/request', 'CPU ratio to off'],
  PEERS.map((peer) => [
    peer,
    meanOf(peer, 'rate').toFixed(0),
    meanOf(peer, 'p50').toFixed(1),
    meanOf(peer, 'p99').toFixed(1),
    (meanOf(peer, 'rate') / meanOf('off', 'rate')).toFixed(3),
    meanOf(peer, 'cpuPerRequest').toFixed(2),
    (meanOf(peer, 'cpuPerRequest') / meanOf('off', 'cpuPerRequest')).toFixed(3),
  ]),
);
console.log(`\nOTLP exports received: ${receiver.received.exports} (${(receiver.received.bytes / 1e6).toFixed(1)} MB)`);
console.log(`metric updates of one request (always on): ${metricUpdateMicros().toFixed(2)} µs`);
