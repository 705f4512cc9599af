import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@/test-support/eventually';
import { startSmtpSink, type SmtpSink } from '@/test-support/mail/smtp-sink';
import { TEST_STRIPE_SECRET_KEY, TEST_STRIPE_WEBHOOK_SECRET } from '@/test-support/stripe/stripe-events';
import { startStripeTestServer, type StripeTestServer } from '@/test-support/stripe/stripe-test-server';
import { callServerAction } from '../../test-support/http/server-actions.mjs';
import type { TestSql } from '../../test-support/test-sql';
import type { TestServer } from '../../test-support/test-server.mjs';

/**
 * The log of `npm start` (web server and job runner): one JSON line per event, an access line per request named by its
 * route template, the request id or job id on every line written for that work, and nothing secret or personal. Each
 * secret and each piece of personal data is fed through a request and a job of a real server (its SMTP server refuses
 * the visitor's and the buyer's addresses, as Postfix does, naming them), and the whole captured log is searched.
 */
const token = () => randomBytes(32).toString('base64url');
const SECRETS = {
  bearer: `metrics-${randomBytes(12).toString('hex')}`,
  cookie: `cookie-${randomBytes(12).toString('hex')}`,
  smtpPassword: `smtp-pass-${randomBytes(8).toString('hex')}`,
  staffPassword: `staff-pass-${randomBytes(8).toString('hex')}`,
  stripeKey: TEST_STRIPE_SECRET_KEY,
  webhookSecret: TEST_STRIPE_WEBHOOK_SECRET,
  checkoutToken: token(),
  reportToken: token(),
  bookingToken: token(),
  previewToken: `${randomBytes(16).toString('base64url')}.${token()}`,
  visitorEmail: `rosa.${randomBytes(4).toString('hex')}@bounce.example`,
  visitorPhone: '+1 412 555 0199',
  buyerEmail: `lena.${randomBytes(4).toString('hex')}@bounce.example`,
};

let sink: SmtpSink;
let stripe: StripeTestServer;
let server: TestServer;
let database: TestSql;

beforeAll(async () => {
  sink = await startSmtpSink({ rejectRecipient: (address) => address.endsWith('@bounce.example') });
  // The Stripe key and webhook secret are among the secrets (stripe-test-server.ts sets them).
  stripe = await startStripeTestServer({
    LOG_LEVEL: 'debug',
    SMTP_URL: `smtp://mailer:${SECRETS.smtpPassword}@${sink.host}:${sink.port}`,
    METRICS_TOKEN: SECRETS.bearer,
  });
  ({ server, database } = stripe);
}, 120_000);

afterAll(async () => {
  await stripe?.stop();
  await sink?.stop();
});

type LogLine = Record<string, unknown> & { level: string; msg: string; process: string };

/** Every line the server wrote, parsed: each must be JSON. */
function logLines(): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
}

const accessLines = () => logLines().filter((line) => line.component === 'http' && typeof line.route === 'string');

describe('request ids and the access log', () => {
  it('keeps a sane X-Request-Id, answers with it, and writes one access line with the route template, status, time, bytes, client and ids', async () => {
    // Uncompressed, so the body read here is the bytes sent.
    const response = await fetch(`${server.baseUrl}/v1/services/constraint-snapshot`, {
      headers: { 'x-request-id': 'req-from-the-proxy-0001', 'accept-encoding': 'identity' },
    });
    expect(response.status).toBe(200);
    const bytes = (await response.arrayBuffer()).byteLength;
    expect(response.headers.get('x-request-id')).toBe('req-from-the-proxy-0001');
    const line = await eventually(() => accessLines().find((entry) => entry.requestId === 'req-from-the-proxy-0001'), Boolean, 'the access line');
    expect(line).toMatchObject({
      level: 'info',
      process: 'web',
      msg: 'GET /v1/services/{serviceId} 200',
      method: 'GET',
      route: '/v1/services/{serviceId}',
      status: 200,
      bytes,
      client: '127.0.0.1',
    });
    expect(typeof line!.ms).toBe('number');
    expect(typeof line!.time).toBe('string');
  });

  it.each([
    ['too long', 'x'.repeat(129)],
    ['with a space', 'two words'],
    ['with a control character', 'tab\there'],
  ])('replaces an X-Request-Id %s with one of its own', async (_case, sent) => {
    const response = await fetch(`${server.baseUrl}/v1/capabilities`, { headers: { 'x-request-id': sent } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('writes the access lines of /livez and /readyz at debug, never at info', async () => {
    for (const path of ['/livez', '/readyz']) {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: { 'x-request-id': `probe${path.replace('/', '-')}` } });
      expect([path, response.status]).toEqual([path, 200]);
    }
    const probes = await eventually(
      () => accessLines().filter((line) => String(line.requestId).startsWith('probe-')),
      (lines) => lines.length === 2,
      'the probes',
    );
    expect(probes.map((line) => [line.route, line.level])).toEqual([
      ['/livez', 'debug'],
      ['/readyz', 'debug'],
    ]);
  });

  it('names unknown paths with one label, and token paths by their template', async () => {
    await fetch(`${server.baseUrl}/wp-admin/setup.php`, { headers: { 'x-request-id': 'scan-1' } });
    await fetch(`${server.baseUrl}/v1/reports/${SECRETS.reportToken}`, { headers: { 'x-request-id': 'report-1' } });
    const lines = await eventually(
      () => accessLines().filter((line) => line.requestId === 'scan-1' || line.requestId === 'report-1'),
      (found) => found.length === 2,
      'both access lines',
    );
    expect(lines.map((line) => [line.requestId, line.route, line.status]).sort()).toEqual([
      ['report-1', '/v1/reports/{token}', 404],
      ['scan-1', '/*', 404],
    ]);
  });
});

describe('secrets and personal data', () => {
  it('never reach the log, through requests and the jobs they cause', async () => {
    // Headers: a bearer token (the metrics token, right and wrong) and a cookie.
    expect((await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${SECRETS.bearer}` } })).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${SECRETS.bearer}x` } })).status).toBe(401);
    await fetch(`${server.baseUrl}/v1/services`, { headers: { cookie: `tp_staff_session=${SECRETS.cookie}` } });
    // Tokens in paths.
    for (const path of [
      `/v1/checkout/${SECRETS.checkoutToken}`,
      `/checkout/${SECRETS.checkoutToken}`,
      `/v1/reports/${SECRETS.reportToken}`,
      `/bookings/${SECRETS.bookingToken}`,
      `/preview/${SECRETS.previewToken}`,
    ])
      await fetch(`${server.baseUrl}${path}`);
    // A password, in a staff sign-in.
    const form = new FormData();
    form.append('email', 'nobody@staff.example');
    form.append('password', SECRETS.staffPassword);
    form.append('next', '/staff');
    await callServerAction(server.baseUrl, {
      page: '/staff/sign-in',
      filename: 'app/staff/sign-in/actions.ts',
      exportedName: 'signInAction',
      args: [{}, form],
    });
    // An email address and a phone number: an inquiry, whose acknowledgement the mail server refuses, naming the address.
    const inquiry = await fetch(`${server.baseUrl}/v1/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        companyName: 'Allegheny Castings',
        contactName: 'Rosa Diaz',
        email: SECRETS.visitorEmail,
        phone: SECRETS.visitorPhone,
        problemDescription: `Call me on ${SECRETS.visitorPhone} or write to ${SECRETS.visitorEmail}: the furnace runs overtime.`,
        urgency: 'high',
      }),
    });
    expect(inquiry.status).toBe(200);
    // A payment: the buyer's address comes with Stripe's webhook, and the receipt to it is refused too.
    const checkout = await stripe.openCheckout();
    expect((await stripe.deliverPaid(checkout.sessionId, { email: SECRETS.buyerEmail, name: 'Lena Park' })).status).toBe(200);

    // Both refusals went through the mail jobs (and their failures through the log).
    await eventually(
      () => database.all<{ kind: string }>(`SELECT kind FROM "OutboxMessage" WHERE status = 'failed' ORDER BY kind`),
      (rows) => rows.some((row) => row.kind === 'inquiry-acknowledgement') && rows.some((row) => row.kind === 'checkout-receipt'),
      'the refused messages',
    );
    const failures = await eventually(
      () => logLines().filter((line) => line.component === 'outbox' && line.level === 'error'),
      (lines) => lines.length >= 2,
      'the failures in the log',
    );
    // The log says what failed, for which job and message, with the address replaced.
    expect(failures[0]).toMatchObject({ process: 'runner', jobType: 'mail.send' });
    expect(String(failures[0]!.msg)).toContain('550 <[email]>: Recipient address rejected');
    const checkoutToken = checkout.token;

    const log = server.output();
    const leaks = Object.entries({ ...SECRETS, checkoutOfThePayment: checkoutToken, phoneDigits: '4125550199' }).filter(([, value]) => log.includes(value));
    expect(leaks.map(([name]) => name)).toEqual([]);
  }, 60_000);

  it('carries the request id on the lines written while answering it, and the job id on the lines of a job', async () => {
    const lines = logLines();
    const webhook = lines.find((line) => line.component === 'webhooks' && line.outcome === 'recorded');
    expect(webhook).toBeDefined();
    const access = lines.find((line) => line.component === 'http' && line.route === '/webhooks/stripe');
    expect(webhook!.requestId).toBe(access!.requestId);
    const jobLines = lines.filter((line) => line.component === 'jobs' && line.jobType === 'payments.process-event');
    expect(jobLines.length).toBeGreaterThanOrEqual(2); // started, succeeded
    expect(new Set(jobLines.map((line) => line.jobId)).size).toBe(1);
    expect(String(jobLines[0]!.jobId)).toMatch(/^job_/);
  });
});
