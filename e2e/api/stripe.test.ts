import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@/test-support/eventually';
import { checkoutSessionEvent, signedDelivery } from '@/test-support/stripe/stripe-events';
import { makeExpirySweepDue } from '@/test-support/stripe/expiry-sweep';
import type { StripeStandIn } from '@/test-support/stripe/stripe-stand-in';
import { startStripeTestServer, type StripeTestServer } from '@/test-support/stripe/stripe-test-server';
import type { TestSql } from '../../test-support/test-sql';
import { assertMatchesContract } from '../../test-support/http/contract';
import type { TestServer } from '../../test-support/test-server.mjs';

/**
 * PAYMENT_PROVIDER=stripe end to end: the server (and its job runner) talks to a stand-in for Stripe's API through
 * the official SDK, and receives webhooks signed the way Stripe signs them.
 */
let stripe: StripeTestServer;
let standIn: StripeStandIn;
let server: TestServer;
let database: TestSql;

beforeAll(async () => {
  stripe = await startStripeTestServer();
  ({ standIn, server, database } = stripe);
}, 120_000);

afterAll(() => stripe?.stop());

type Session = { token: string; checkoutUrl: string; expiresAt: string; amount: number; currency: string };
type Record = { status: string; completedAt: string | null; failedAt: string | null; reportUrl: string | null };

const api = (path: string, init?: RequestInit) => fetch(`${server.baseUrl}${path}`, init);
const json = async <T>(response: Response) => (await response.json()) as T;

async function checkout(serviceId: string, buyerInputs: object = {}) {
  const { purchaseDigest } = await json<{ purchaseDigest: string }>(await api(`/v1/services/${serviceId}`));
  return api(`/v1/services/${serviceId}/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ purchaseDigest, buyerInputs }),
  });
}

async function openCheckout(serviceId = 'constraint-snapshot', buyerInputs: object = {}) {
  const session = await json<Session>(await checkout(serviceId, buyerInputs));
  const { providerSessionId } = (await database.get<{ providerSessionId: string }>(
    'SELECT "providerSessionId" FROM "Checkout" WHERE "token" = ?',
    session.token,
  ))!;
  return { ...session, sessionId: providerSessionId };
}

const deliver = (event: object, secret?: string) => {
  const { body, headers } = signedDelivery(event, secret);
  return api('/webhooks/stripe', { method: 'POST', headers, body });
};

const checkoutRecord = async (token: string) => json<Record>(await api(`/v1/checkout/${token}`));

const eventRows = (eventId: string) => database.all<{ outcome: string | null }>('SELECT * FROM "PaymentEvent" WHERE "eventId" = ?', eventId);

describe('checkout with Stripe', () => {
  it('creates a Checkout Session with the amount, currency, return URLs, metadata, expiry and an idempotency key from the token', async () => {
    const before = standIn.requests.length;
    const response = await checkout('constraint-snapshot');
    expect(response.status).toBe(200);
    const session = await json<Session>(response);
    const [sent, ...more] = standIn.requests.slice(before);
    expect(more).toEqual([]);
    expect(sent!.path).toBe('/v1/checkout/sessions');
    expect(sent!.headers['idempotency-key']).toBe(`checkout-session:${session.token}`);
    expect(sent!.form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '145000',
      'line_items[0][price_data][product_data][name]': 'Constraint Snapshot',
      success_url: `${server.baseUrl}/checkout/${session.token}`,
      cancel_url: `${server.baseUrl}/checkout/${session.token}`,
      expires_at: String(Date.parse(session.expiresAt) / 1000),
      client_reference_id: session.token,
      'metadata[checkoutToken]': session.token,
      'metadata[serviceId]': 'constraint-snapshot',
    });
    const stripeSession = [...standIn.sessions.values()].find((s) => s.client_reference_id === session.token)!;
    expect(session.checkoutUrl).toBe(stripeSession.url);
    expect(await database.get('SELECT "provider", "providerSessionId", "paymentUrl" FROM "Checkout" WHERE "token" = ?', session.token)).toEqual({
      provider: 'stripe',
      providerSessionId: stripeSession.id,
      paymentUrl: stripeSession.url,
    });
  });

  it.each([
    ['an error at Stripe', { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong' } } }, 3],
    ['a dropped connection', 'disconnect' as const, 3],
    ['a refused request', { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } }, 1],
  ])('answers 502 PAYMENT_PROVIDER_UNAVAILABLE on %s, and leaves no checkout behind', async (_name, failure, times) => {
    const count = async () => (await database.get<{ n: number }>('SELECT COUNT(*) AS n FROM "Checkout"'))!.n;
    const before = await count();
    standIn.failNext(failure, times);
    const response = await checkout('buffer-board-starter-kit');
    expect(response.status).toBe(502);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    await assertMatchesContract('POST', `${server.baseUrl}/v1/services/buffer-board-starter-kit/checkout`, {
      status: 502,
      headers: response.headers,
      body: JSON.parse(text),
      text,
    });
    expect(JSON.parse(text)).toEqual({
      detail: 'The payment provider could not be reached to create your payment page. Nothing was charged; please try again in a minute.',
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    });
    expect(await count()).toBe(before);
  });
});

describe('POST /webhooks/stripe', () => {
  it('completes a paid checkout from a signed event, through a job', async () => {
    const { token, sessionId } = await openCheckout();
    const event = checkoutSessionEvent('checkout.session.completed', { id: sessionId, payment_status: 'paid' });
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: false });
    const record = await eventually(
      () => checkoutRecord(token),
      (r) => r.status === 'complete',
      'the checkout to complete',
    );
    expect(record.completedAt).not.toBeNull();
    // The job notes the outcome on the event after the checkout's own transaction, so the note can come a moment later.
    const rows = await eventually(
      () => eventRows(event.id),
      (r) => r[0]?.outcome !== null,
      'the event to be noted as processed',
    );
    expect(rows).toMatchObject([{ outcome: 'paid' }]);
  });

  it('creates the audit report when an audit is paid, as the sandbox does', async () => {
    const { token, sessionId } = await openCheckout('website-offer-audit', {
      responsibility_acknowledged: true,
      url_to_audit: 'https://ridgeline.example/offer',
    });
    await deliver(checkoutSessionEvent('checkout.session.completed', { id: sessionId }));
    const record = await eventually(
      () => checkoutRecord(token),
      (r) => r.reportUrl !== null,
      'the report',
    );
    expect(record.reportUrl).toMatch(/^\/v1\/reports\/[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const { token, sessionId } = await openCheckout();
    const event = checkoutSessionEvent('checkout.session.completed', { id: sessionId });
    const forged = await deliver(event, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    const forgedBody = await json<{ detail: string; code: string }>(forged);
    expect(forgedBody.code).toBe('INVALID_SIGNATURE');
    expect(forgedBody.detail).toMatch(/^The Stripe-Signature header does not match this body/);
    const tampered = signedDelivery(event);
    const altered = await api('/webhooks/stripe', { method: 'POST', headers: tampered.headers, body: tampered.body.replace('"paid"', '"PAID"') });
    expect(altered.status).toBe(400);
    const missing = await api('/webhooks/stripe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ detail: 'The Stripe-Signature header is missing.', code: 'INVALID_SIGNATURE' });
    expect(await eventRows(event.id)).toEqual([]);
    expect((await checkoutRecord(token)).status).toBe('open');
  });

  it('processes a replayed event id once', async () => {
    const { token, sessionId } = await openCheckout();
    const event = checkoutSessionEvent('checkout.session.completed', { id: sessionId });
    expect(await json(await deliver(event))).toEqual({ received: true, duplicate: false });
    await eventually(
      () => checkoutRecord(token),
      (r) => r.status === 'complete',
      'the checkout to complete',
    );
    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(
      await database.get(`SELECT COUNT(*) AS n FROM "Job" WHERE "type" = 'payments.process-event' AND CAST("payload" AS text) LIKE ?`, `%${event.id}%`),
    ).toEqual({ n: 1 });
  });

  it('records one of two concurrent deliveries of the same event, and answers both with 200', async () => {
    const { token, sessionId } = await openCheckout();
    const event = checkoutSessionEvent('checkout.session.completed', { id: sessionId });
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(answers.map((answer) => json<{ duplicate: boolean }>(answer)));
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);
    expect(await eventRows(event.id)).toHaveLength(1);
    await eventually(
      () => checkoutRecord(token),
      (r) => r.status === 'complete',
      'the checkout to complete',
    );
  });

  it('keeps an unpaid completion open, also past its expiry, until the delayed payment succeeds', async () => {
    const { token, sessionId } = await openCheckout();
    const unpaid = checkoutSessionEvent('checkout.session.completed', { id: sessionId, payment_status: 'unpaid' });
    await deliver(unpaid);
    await eventually(
      () => eventRows(unpaid.id),
      (rows) => rows[0]?.outcome === 'awaiting-payment',
      'the unpaid event to be processed',
    );
    await database.run('UPDATE "Checkout" SET "expiresAt" = ? WHERE "token" = ?', new Date(Date.now() - 60_000), token);
    expect((await checkoutRecord(token)).status).toBe('open');
    await deliver(checkoutSessionEvent('checkout.session.async_payment_succeeded', { id: sessionId }));
    expect(
      (
        await eventually(
          () => checkoutRecord(token),
          (r) => r.status !== 'open',
          'the payment',
        )
      ).status,
    ).toBe('complete');
  });

  it('marks a checkout failed when the delayed payment fails', async () => {
    const { token, sessionId } = await openCheckout();
    await deliver(checkoutSessionEvent('checkout.session.completed', { id: sessionId, payment_status: 'unpaid' }));
    await deliver(checkoutSessionEvent('checkout.session.async_payment_failed', { id: sessionId, payment_status: 'unpaid' }));
    const record = await eventually(
      () => checkoutRecord(token),
      (r) => r.status === 'failed',
      'the checkout to fail',
    );
    expect(record.failedAt).not.toBeNull();
    expect(record.completedAt).toBeNull();
  });

  it('marks a checkout expired when Stripe expires its session', async () => {
    const { token, sessionId } = await openCheckout();
    await deliver(checkoutSessionEvent('checkout.session.expired', { id: sessionId, status: 'expired', payment_status: 'unpaid' }));
    await eventually(
      () => checkoutRecord(token),
      (r) => r.status === 'expired',
      'the checkout to expire',
    );
  });

  it('answers 200 to an event type it does not act on, and records nothing', async () => {
    const event = { ...checkoutSessionEvent('customer.created', { id: 'cus_123' }), data: { object: { id: 'cus_123', object: 'customer' } } };
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(await eventRows(event.id)).toEqual([]);
  });

  it('answers other methods with 405 in the envelope', async () => {
    const response = await api('/webhooks/stripe');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await json<{ code: string }>(response)).code).toBe('METHOD_NOT_ALLOWED');
  });
});

describe('the expiry sweep', () => {
  it('stores expired on an overdue checkout and expires its Stripe session, ignoring one Stripe already closed', async () => {
    const overdue = await openCheckout();
    const closed = await openCheckout();
    standIn.sessions.get(closed.sessionId)!.status = 'expired';
    await database.run('UPDATE "Checkout" SET "expiresAt" = ? WHERE "token" IN (?, ?)', new Date(Date.now() - 1000), overdue.token, closed.token);
    // The sweep is a recurring job; this is its next run, made due now.
    await makeExpirySweepDue(database, 'job_sweep_now');
    await eventually(
      async () => standIn.sessions.get(overdue.sessionId)!.status,
      (status) => status === 'expired',
      "Stripe's session to expire",
    );
    const expireJobs = () => database.all<{ status: string }>(`SELECT "status", "attempts" FROM "Job" WHERE "type" = 'payments.expire-session'`);
    await eventually(expireJobs, (jobs) => jobs.length >= 2 && jobs.every((job) => job.status === 'succeeded'), 'both expire jobs');
    const stored = await database.all<{ status: string }>(
      'SELECT "token", "status" FROM "Checkout" WHERE "token" IN (?, ?) ORDER BY "token"',
      overdue.token,
      closed.token,
    );
    expect(stored.map((row) => row.status)).toEqual(['expired', 'expired']);
    expect(standIn.requests.filter((r) => r.path === `/v1/checkout/sessions/${overdue.sessionId}/expire`)).toHaveLength(1);
  });
});
