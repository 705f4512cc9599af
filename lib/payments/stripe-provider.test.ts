import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn } from '@/test-support/stripe/stripe-stand-in';
import type { StripeStandIn } from '@/test-support/stripe/stripe-stand-in';
import { TEST_STRIPE_SECRET_KEY } from '@/test-support/stripe/stripe-events';
import { PaymentProviderError } from './payment-provider';
import { stripeApiTarget } from './stripe-client';
import { stripeProvider } from './stripe-provider';

let standIn: StripeStandIn;
let provider: ReturnType<typeof stripeProvider>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  // The same options the app uses (stripe-client.ts), pointed at the stand-in; retries kept so failures are realistic.
  provider = stripeProvider(async () => new Stripe(TEST_STRIPE_SECRET_KEY, { ...stripeApiTarget(standIn.apiBase), maxNetworkRetries: 1, timeout: 5_000 }));
});
afterAll(() => standIn.close());

const request = {
  reference: 'tok_0123456789',
  amountMinor: 145_000,
  currency: 'USD',
  description: 'Constraint Snapshot',
  successUrl: 'https://throughline.example/checkout/tok_0123456789',
  cancelUrl: 'https://throughline.example/checkout/tok_0123456789',
  expiresAt: new Date('2026-03-03T15:00:00.000Z'),
  metadata: { checkoutToken: 'tok_0123456789', serviceId: 'constraint-snapshot' },
  idempotencyKey: 'checkout-session:tok_0123456789',
};

describe('the Stripe payment provider', () => {
  it("turns STRIPE_API_BASE into the SDK's host, port and protocol", () => {
    expect(stripeApiTarget('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(stripeApiTarget('https://stripe.internal.example')).toEqual({ host: 'stripe.internal.example', port: 443, protocol: 'https' });
    expect(stripeApiTarget(undefined)).toEqual({});
  });

  it('creates a Checkout Session in payment mode with one priced line item, and returns its page', async () => {
    const before = standIn.requests.length;
    const session = await provider.createSession(request);
    const sent = standIn.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.path).toBe('/v1/checkout/sessions');
    expect(sent[0]!.headers['idempotency-key']).toBe('checkout-session:tok_0123456789');
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${TEST_STRIPE_SECRET_KEY}`);
    expect(sent[0]!.form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '145000',
      'line_items[0][price_data][product_data][name]': 'Constraint Snapshot',
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      expires_at: String(Date.parse('2026-03-03T15:00:00.000Z') / 1000),
      client_reference_id: 'tok_0123456789',
      'metadata[checkoutToken]': 'tok_0123456789',
      'metadata[serviceId]': 'constraint-snapshot',
    });
    expect(session).toEqual({
      provider: 'stripe',
      sessionId: expect.stringMatching(/^cs_test_/),
      url: `https://checkout.stripe.test/c/pay/${session.sessionId}`,
    });
  });

  it('gets the same session back for the same idempotency key', async () => {
    const again = await provider.createSession({ ...request, idempotencyKey: 'checkout-session:same' });
    const retried = await provider.createSession({ ...request, idempotencyKey: 'checkout-session:same' });
    expect(retried.sessionId).toBe(again.sessionId);
  });

  it.each([
    [
      "an error at Stripe (500, after the SDK's own retry)",
      { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong' } } },
      2,
      'api_error 500',
    ],
    [
      'a refused request (400)',
      { status: 400, body: { error: { type: 'invalid_request_error', message: 'Invalid currency: xyz' } } },
      1,
      'invalid_request_error 400',
    ],
    ['a dropped connection', 'disconnect' as const, 2, 'StripeConnectionError'],
  ])('reports %s as a PaymentProviderError', async (_name, failure, times, detail) => {
    standIn.failNext(failure, times);
    const attempt = provider.createSession({ ...request, idempotencyKey: `checkout-session:${detail}` });
    await expect(attempt).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(attempt).rejects.toThrow(detail === 'StripeConnectionError' ? /Stripe could not create a payment page/ : new RegExp(detail));
  });

  it('expires an open session, and leaves a session Stripe already closed alone', async () => {
    const { sessionId } = await provider.createSession({ ...request, idempotencyKey: 'checkout-session:to-expire' });
    await provider.expireSession(sessionId);
    expect(standIn.sessions.get(sessionId)!.status).toBe('expired');
    await expect(provider.expireSession(sessionId)).resolves.toBeUndefined();
    const { sessionId: paid } = await provider.createSession({ ...request, idempotencyKey: 'checkout-session:paid' });
    standIn.sessions.get(paid)!.status = 'complete';
    await expect(provider.expireSession(paid)).resolves.toBeUndefined();
    expect(standIn.sessions.get(paid)!.status).toBe('complete');
  });

  it('fails to expire a session Stripe does not know', async () => {
    await expect(provider.expireSession('cs_test_unknown')).rejects.toThrow(/Stripe could not read a payment session/);
  });
});
