#!/usr/bin/env node
// `npm run bench -- email`: how long from `POST /v1/inquiries` to the visitor's acknowledgement being accepted by the
// SMTP server (its "250" to the DATA), over BENCH_INQUIRIES inquiries (default 100), against the production build
// (`npm run build` first) with its job runner, as `npm start` runs them. The SMTP server runs in this process, so
// both ends are timed on one clock. BENCH_CONCURRENCY (default 1) sends that many inquiries at a time.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { startTestServer } from '../test-support/test-server.mjs';
import { freePort } from '../test-support/free-port.mjs';

const COUNT = Number(process.env.BENCH_INQUIRIES ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const WARM_UP = 5;

if (!existsSync('.next/BUILD_ID')) {
  console.error('No production build found: run `npm run build` first.');
  process.exit(1);
}

/** When each recipient's message was accepted, and who is waiting for one. */
const accepted = new Map();
const waiting = new Map();

function acceptedFor(address, timeoutMs = 60_000) {
  if (accepted.has(address)) return Promise.resolve(accepted.get(address));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no message to ${address} within ${timeoutMs} ms`)), timeoutMs);
    waiting.set(address, (at) => {
      clearTimeout(timer);
      resolve(at);
    });
  });
}

const smtpPort = await freePort();
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  // A stand-in for the mail server: no reverse DNS of the client, which costs ~100 ms here and is not the app's time.
  disableReverseLookup: true,
  onData(stream, session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      // Read before answering: the server clears the envelope for the next transaction when it does.
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      const at = performance.now();
      callback(); // the "250": the message is accepted now
      for (const address of recipients) {
        accepted.set(address, at);
        waiting.get(address)?.(at);
        waiting.delete(address);
      }
    });
  },
});
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

const server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, FIRM_INBOX_EMAIL: 'inbox@latency.example' } });

/** One inquiry: milliseconds to the API's answer, and to the acknowledgement's acceptance by the SMTP server. */
async function measure(index) {
  const address = `visitor-${index}@latency.example`;
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/v1/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      companyName: 'Latency Fabrication',
      contactName: `Visitor ${index}`,
      email: address,
      problemDescription: 'Measuring how long an acknowledgement takes to reach the mail server.',
      urgency: 'medium',
    }),
  });
  if (response.status !== 200) throw new Error(`POST /v1/inquiries answered ${response.status}: ${await response.text()}`);
  const answered = performance.now();
  await response.arrayBuffer();
  const delivered = await acceptedFor(address);
  return { answer: answered - started, email: delivered - started };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms  p99 ${percentile(sorted, 99).toFixed(0)} ms  mean ${mean.toFixed(0)} ms  max ${sorted.at(-1).toFixed(0)} ms`;
};

try {
  for (let i = 0; i < WARM_UP; i += 1) await measure(`warm-${i}`);
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < COUNT) results.push(await measure(next++));
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  console.log(`${COUNT} inquiries, ${CONCURRENCY} at a time, in ${seconds.toFixed(1)} s, against ${server.baseUrl} (job runner beside it)`);
  console.log(`POST /v1/inquiries answered         ${summary(results.map((r) => r.answer))}`);
  console.log(`acknowledgement accepted by SMTP    ${summary(results.map((r) => r.email))}`);
} finally {
  await server.stop();
  await new Promise((resolve) => smtp.close(resolve));
}
