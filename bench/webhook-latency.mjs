#!/usr/bin/env node
// `npm run bench -- webhooks` (runs under tsx: it uses the TypeScript test receiver and the domain to record events):
//   1. the time from a committed write to the receiver's 2xx, over BENCH_WEBHOOK_EVENTS inquiries (default 1000), one at
//      a time, with the production server idle and then under the HTTP benchmark's load (autocannon on GET /v1/services,
//      BENCH_CONNECTIONS, default 50). Measured from the event's timestamp (taken as the write's transaction begins, so
//      the commit is inside it) and from the client's reading the 200 (after the commit), to the receiver answering 2xx;
//   2. the deliveries per second one runner (the worker of `npm start`, JOB_CONCURRENCY 4) sustains to a local receiver:
//      BENCH_WEBHOOK_BACKLOG events (default 2000) recorded at once, to one endpoint (first attempts in order, one at a
//      time) and to four endpoints.
// Both ends run on this machine's clock; the receiver verifies every delivery with the standardwebhooks package.
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import { percentile, printTable } from '../test-support/bench-report.mjs';
import { callServerAction } from '../test-support/http/server-actions.mjs';
import { staffCookie } from '../test-support/http/staff.ts';
import { startTestServer } from '../test-support/test-server.mjs';
import { startWebhookReceiver } from '../test-support/webhooks/webhook-receiver.ts';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const BACKLOG = Number(process.env.BENCH_WEBHOOK_BACKLOG ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

if (!existsSync('.next/BUILD_ID')) {
  console.error('No production build found: run `npm run build` first.');
  process.exit(1);
}

const receiver = await startWebhookReceiver();
const server = await startTestServer({ env: { WEBHOOK_ALLOWED_HOSTS: receiver.server.hostPort } });
const admin = await staffCookie('admin', server.databaseUrl);

/** Adds an endpoint through the staff form and tells the receiver its secret. */
async function addEndpoint(path, eventTypes) {
  const form = new FormData();
  form.append('url', receiver.url(path));
  form.append('description', `bench ${path}`);
  for (const type of eventTypes) form.append('eventTypes', type);
  const response = await callServerAction(server.baseUrl, {
    page: '/staff/webhooks',
    filename: 'app/staff/webhooks/actions.ts',
    exportedName: 'createEndpointAction',
    args: [{ values: {}, errors: {}, secret: null, endpointId: null }, form],
    cookie: admin,
  });
  const secret = /whsec_[A-Za-z0-9+/]{43}=/.exec(await response.text())?.[0];
  if (!secret) throw new Error('the endpoint was not added');
  receiver.setSecrets(path, [secret]);
}

/** Resolves when the receiver has answered 2xx to the event about `inquiryId`, with the moment it did. */
function answeredFor(inquiryId, timeoutMs = 60_000) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const look = () => {
      const delivery = receiver.deliveries.find((each) => each.path === '/latency' && each.event.data.id === inquiryId);
      if (delivery) return resolve(delivery);
      if (Date.now() - started > timeoutMs) return reject(new Error(`no delivery for ${inquiryId}`));
      setTimeout(look, 1);
    };
    look();
  });
}

async function latencies(count) {
  const fromEvent = [];
  const fromAnswer = [];
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${server.baseUrl}/v1/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ companyName: `Latency ${index}`, contactName: 'Bench', email: 'bench@latency.example', problemDescription: 'Timing webhooks.' }),
    });
    const { id } = await response.json();
    const answeredAt = Date.now();
    const delivery = await answeredFor(id);
    fromEvent.push(delivery.receivedAt - Date.parse(delivery.event.timestamp));
    fromAnswer.push(delivery.receivedAt - answeredAt);
  }
  return { fromEvent, fromAnswer };
}

const row = (label, values) => [
  label,
  `p50 ${percentile(values, 50).toFixed(0)} ms`,
  `p99 ${percentile(values, 99).toFixed(0)} ms`,
  `max ${Math.max(...values).toFixed(0)} ms`,
];

/** Records `count` events at once through the domain, fanned out to every endpoint, and times the receiver's 2xx. */
async function backlogRate(count, paths) {
  process.env.DATABASE_URL = server.databaseUrl;
  const { transactionWithJobs } = await import('../lib/jobs/job-transaction.ts');
  const { recordWebhookEvent } = await import('../lib/domain/webhooks/record-event.ts');
  const { WEBHOOK_EXAMPLES } = await import('../lib/contract/webhook-examples.ts');
  const seen = receiver.deliveries.length;
  await transactionWithJobs(async (tx, jobs) => {
    for (let index = 0; index < count; index += 1) await recordWebhookEvent(tx, jobs, 'content.published', WEBHOOK_EXAMPLES['content.published'], new Date());
  });
  const expected = count * paths.length;
  const deadline = Date.now() + 600_000;
  while (receiver.deliveries.length - seen < expected) {
    if (Date.now() > deadline) throw new Error('the backlog did not drain');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const times = receiver.deliveries.slice(seen).map((delivery) => delivery.receivedAt);
  return ((expected - 1) / (Math.max(...times) - Math.min(...times))) * 1000;
}

const rows = [];
try {
  await addEndpoint('/latency', ['inquiry.created']);
  for (let warm = 0; warm < 10; warm += 1) await latencies(1);
  const idle = await latencies(EVENTS);
  rows.push(row(`committed write → receiver 2xx, idle, from the event timestamp (${EVENTS})`, idle.fromEvent));
  rows.push(row(`  … from the client reading the 200 (${EVENTS})`, idle.fromAnswer));

  const load = autocannon({ url: `${server.baseUrl}/v1/services`, connections: CONNECTIONS, duration: 3_600 });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const loaded = await latencies(EVENTS);
  load.stop();
  const loadResult = await load;
  rows.push(row(`committed write → receiver 2xx, under load, from the event timestamp (${EVENTS})`, loaded.fromEvent));
  rows.push(row(`  … from the client reading the 200 (${EVENTS})`, loaded.fromAnswer));
  rows.push([
    `  the load: GET /v1/services, ${CONNECTIONS} connections`,
    `${loadResult.requests.average.toFixed(0)} req/s`,
    `p99 ${loadResult.latency.p99} ms`,
    '',
  ]);

  // Printed at once, so the latency figures survive a backlog that does not drain.
  printTable(['webhooks', 'p50', 'p99', 'max'], rows.splice(0));

  await addEndpoint('/backlog-1', ['content.published']);
  rows.push([
    `deliveries per second, one runner, one endpoint (${BACKLOG} events, in order)`,
    `${(await backlogRate(BACKLOG, ['/backlog-1'])).toFixed(0)} /s`,
    '',
    '',
  ]);
  for (const path of ['/backlog-2', '/backlog-3', '/backlog-4']) await addEndpoint(path, ['content.published']);
  const four = ['/backlog-1', '/backlog-2', '/backlog-3', '/backlog-4'];
  rows.push([`deliveries per second, one runner, four endpoints (${BACKLOG} events × 4)`, `${(await backlogRate(BACKLOG, four)).toFixed(0)} /s`, '', '']);
  if (receiver.rejected.length > 0) throw new Error(`${receiver.rejected.length} deliveries failed verification`);
  printTable(['webhooks', 'rate', '', ''], rows);
} finally {
  await server.stop();
  await receiver.close();
}
