import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@/test-support/eventually';
import { startSmtpSink, type SmtpSink } from '@/test-support/mail/smtp-sink';
import { makeExpirySweepDue } from '@/test-support/stripe/expiry-sweep';
import { TEST_STRIPE_SECRET_KEY, TEST_STRIPE_WEBHOOK_SECRET } from '@/test-support/stripe/stripe-events';
import { startStripeTestServer, type StripeTestServer } from '@/test-support/stripe/stripe-test-server';
import { callServerAction } from '../../test-support/http/server-actions.mjs';
import type { TestSql } from '../../test-support/test-sql';
import type { TestServer } from '../../test-support/test-server.mjs';

/**
 * The log of `npm start` (web server and job runner): one JSON line per event, an access line per request named by its
 * route template, the request id or job id on every line written for that work, and nothing secret or personal. Each
 * secret and each piece of personal data is fed through a request and a job of a real server, where the job's error
 * quotes it: its SMTP server refuses the credentials (quoting them), the visitor's and the buyer's addresses (naming
 * them, as Postfix does) and the firm's notice of an inquiry (quoting its phone numbers and address, as a content filter
 * does), and Stripe refuses the key of an expiry job (echoing it). Then the whole captured log is searched.
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
  otherPhones: ['(412)555-0199', '412.555.0199', '030 1234567', '07700 900123', '+44 20 7946 0958', '+49 30 1234567'],
  buyerEmail: `lena.${randomBytes(4).toString('hex')}@bounce.example`,
  // The SMTP account is an address, quoted back with the password when the server refuses them.
  smtpUser: `mailer.${randomBytes(4).toString('hex')}@relay.example`,
  firstVisitorEmail: `omar.${randomBytes(4).toString('hex')}@allegheny.example`,
  firstVisitorPhone: '(412) 555-0123',
};
/** Each value searched for in the log: the phone numbers one by one, and also as bare digits. */
const searched = (extra: Record<string, string>) => [
  ...Object.entries({ ...SECRETS, ...extra }).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((item, index) => [`${name}[${index}]`, item] as const) : [[name, value] as const],
  ),
  ...[SECRETS.visitorPhone, SECRETS.firstVisitorPhone, ...SECRETS.otherPhones].map((phone) => [`digits of ${phone}`, phone.replace(/\D/g, '')] as const),
];

let sink: SmtpSink;
let stripe: StripeTestServer;
let server: TestServer;
let database: TestSql;

beforeAll(async () => {
  sink = await startSmtpSink({
    rejectRecipient: (address) => address.endsWith('@bounce.example'),
    // A content filter that quotes what it objected to: the firm's notice of the inquiry about the furnace.
    refuseMessage: (message) => (message.text?.includes('furnace') ? `5.7.1 Message content rejected: "${message.text.replace(/\s+/g, ' ').trim()}"` : null),
  });
  // The Stripe key and webhook secret are among the secrets (stripe-test-server.ts sets them).
  stripe = await startStripeTestServer({
    LOG_LEVEL: 'debug',
    SMTP_URL: `smtp://${encodeURIComponent(SECRETS.smtpUser)}:${SECRETS.smtpPassword}@${sink.host}:${sink.port}`,
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

function submitInquiry(fields: Record<string, string>): Promise<Response> {
  return fetch(`${server.baseUrl}/v1/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ urgency: 'high', ...fields }),
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
    // SMTP credentials: the mail server refuses them for the mails of a first inquiry, quoting user name and password.
    sink.refuseAuthentication(true);
    const first = await submitInquiry({
      companyName: 'Allegheny Forge',
      contactName: 'Omar Said',
      email: SECRETS.firstVisitorEmail,
      phone: SECRETS.firstVisitorPhone,
      problemDescription: 'Our forge waits on the paint line every afternoon.',
    });
    expect(first.status).toBe(200);
    const authFailures = await eventually(
      () => logLines().filter((line) => line.component === 'outbox' && String(line.msg).includes('Invalid login: 535')),
      (lines) => lines.length >= 2,
      'both mails of the first inquiry refused at AUTH',
    );
    sink.refuseAuthentication(false);
    expect(String(authFailures[0]!.msg)).toContain('535 5.7.8 Authentication failed for user "[email]" with password "[secret]"');
    // Email addresses and phone numbers: an inquiry, whose acknowledgement the mail server refuses, naming the address,
    // and whose notice to the firm it refuses, quoting the phone numbers and the address.
    const inquiry = await submitInquiry({
      companyName: 'Allegheny Castings',
      contactName: 'Rosa Diaz',
      email: SECRETS.visitorEmail,
      phone: SECRETS.visitorPhone,
      problemDescription: `Call me on ${SECRETS.visitorPhone}, ${SECRETS.otherPhones.join(', ')} or write to ${SECRETS.visitorEmail}: the furnace runs overtime.`,
    });
    expect(inquiry.status).toBe(200);
    // A payment: the buyer's address comes with Stripe's webhook, and the receipt to it is refused too.
    const checkout = await stripe.openCheckout();
    expect((await stripe.deliverPaid(checkout.sessionId, { email: SECRETS.buyerEmail, name: 'Lena Park' })).status).toBe(200);

    // The refusals went through the mail jobs (and their failures through the log).
    await eventually(
      () => database.all<{ kind: string }>(`SELECT kind FROM "OutboxMessage" WHERE status = 'failed' ORDER BY kind`),
      // Each inquiry's acknowledgement and notice (refused at AUTH, then at RCPT and after DATA), and the receipt.
      (rows) => rows.map((row) => row.kind).join() === 'checkout-receipt,inquiry-acknowledgement,inquiry-acknowledgement,inquiry-notice,inquiry-notice',
      'the refused messages',
    );
    const failures = await eventually(
      () => logLines().filter((line) => line.component === 'outbox' && line.level === 'error'),
      (lines) => lines.length >= 5,
      'the failures in the log',
    );
    // The log says what failed, for which job and message, with the addresses and phone numbers replaced.
    const refusedRecipient = failures.find((line) => String(line.msg).includes('550'));
    expect(refusedRecipient).toMatchObject({ process: 'runner', jobType: 'mail.send' });
    expect(String(refusedRecipient!.msg)).toContain('550 <[email]>: Recipient address rejected');
    const refusedContent = failures.find((line) => String(line.msg).includes('554'));
    expect(refusedContent).toMatchObject({ process: 'runner', jobType: 'mail.send', kind: 'inquiry-notice' });
    // The notice's facts name the visitor's phone, its description seven numbers, its footer the firm's own.
    expect(String(refusedContent!.msg)).toContain('554 5.7.1 Message content rejected');
    expect(String(refusedContent!.msg)).toContain(`Call me on ${Array(7).fill('[phone]').join(', ')} or write to [email]`);
    expect(String(refusedContent!.msg).match(/\[phone\]/g)).toHaveLength(9);

    // Stripe: an expiry job whose call Stripe refuses with a 401 that echoes the key.
    const expiring = await stripe.openCheckout();
    await database.run('UPDATE "Checkout" SET "expiresAt" = ? WHERE "token" = ?', new Date(Date.now() - 1000), expiring.token);
    stripe.standIn.failNext({ status: 401, body: { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${SECRETS.stripeKey}` } } });
    await makeExpirySweepDue(database, 'job_sweep_logs');
    const stripeRefusal = await eventually(
      () => logLines().find((line) => line.jobType === 'payments.expire-session' && String(line.msg).includes('Invalid API Key provided')),
      Boolean,
      'the refused expiry in the log',
    );
    expect(String(stripeRefusal!.msg)).toContain('Invalid API Key provided: [secret]');

    const log = server.output();
    const leaks = searched({ checkoutOfThePayment: checkout.token, expiredCheckout: expiring.token }).filter(([, value]) => log.includes(value));
    expect(leaks.map(([name]) => name)).toEqual([]);
  }, 90_000);

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
