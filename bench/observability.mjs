#!/usr/bin/env node
// What watching the site costs (issue 20): GET /v1/services with autocannon against the same build and database,
//   off       LOG_LEVEL=silent, no OTLP endpoint, nobody scraping;
//   logs      LOG_LEVEL=info: one JSON access line per request;
//   all       logs, traces exported over OTLP/HTTP to a receiver running beside it (test-support/otlp-receiver.ts),
//             and /metrics scraped every second on METRICS_PORT, as Prometheus would;
// each as a ratio to `off`, measured in rounds that alternate the order (the machine is shared; BENCH_ROUNDS, default
// 2). The metric updates a request makes are always on (they are in-process counters, nothing is sent); what they cost
// is measured here on their own, per request. BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50).
import autocannon from 'autocannon';
import { freePort } from '../test-support/free-port.mjs';
import { printTable } from '../test-support/bench-report.mjs';
import { startOtlpReceiver } from '../test-support/otlp-receiver.ts';
import { createTestDatabase, startTestServer } from '../test-support/test-server.mjs';
import { metrics } from '../lib/observability/metrics.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const PATH = '/v1/services';

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
  const env = { LOG_LEVEL: 'silent', JOB_POLL_MS: '500' };
  let scraper;
  if (peer !== 'off') env.LOG_LEVEL = 'info';
  if (peer === 'all') {
    env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    env.METRICS_PORT = String(await freePort());
  }
  const server = await startTestServer({ database, env });
  try {
    if (peer === 'all') {
      const scrape = () => fetch(`http://127.0.0.1:${env.METRICS_PORT}/metrics`).then((response) => response.text());
      scraper = setInterval(() => void scrape().catch(() => {}), 1000);
    }
    // A fresh server compiles and fills its caches on the first requests.
    await autocannon({ url: `${server.baseUrl}${PATH}`, connections: 10, duration: 2 });
    const result = await autocannon({ url: `${server.baseUrl}${PATH}`, connections, duration: seconds });
    return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
  } finally {
    clearInterval(scraper);
    await server.stop({ keepDatabase: true });
  }
}

const database = await createTestDatabase('toc-bench-observability-');
const receiver = await startOtlpReceiver();
const peers = ['off', 'logs', 'all'];
const results = new Map(peers.map((peer) => [peer, []]));
try {
  console.log(`GET ${PATH}: autocannon, ${connections} connections, ${seconds} s per peer, ${rounds} round(s), SQLite`);
  for (let round = 0; round < rounds; round += 1) {
    for (const peer of round % 2 === 0 ? peers : [...peers].reverse()) {
      const result = await measure(peer, database, receiver);
      results.get(peer).push(result);
      console.log(
        `  round ${round + 1} ${peer.padEnd(5)} ${result.rate.toFixed(0)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  (${result.errors} errors)`,
      );
    }
  }
} finally {
  await receiver.close();
  await database.remove();
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const offRate = mean(results.get('off').map((result) => result.rate));
console.log('');
printTable(
  ['peer', 'req/s (mean)', 'p50 ms', 'p99 ms', 'ratio to off'],
  peers.map((peer) => {
    const list = results.get(peer);
    const rate = mean(list.map((result) => result.rate));
    return [peer, rate.toFixed(0), mean(list.map((r) => r.p50)).toFixed(1), mean(list.map((r) => r.p99)).toFixed(1), (rate / offRate).toFixed(3)];
  }),
);
console.log(`\nspans received by the OTLP receiver: ${receiver.spans.length}`);
console.log(`metric updates of one request (always on): ${metricUpdateMicros().toFixed(2)} µs`);
