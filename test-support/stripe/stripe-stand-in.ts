import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Stripe's API on 127.0.0.1, for tests: the official SDK talks to it through STRIPE_API_BASE exactly
 * as it talks to Stripe. It records every request (the SDK sends form-encoded bodies) and answers the few Checkout
 * Session calls this site makes, with Stripe's idempotency behaviour. It is not a mock of our code: our adapter,
 * the SDK and HTTP all run for real.
 */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form fields as sent, e.g. `line_items[0][price_data][unit_amount]`. */
  form: Record<string, string>;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string | null;
  expires_at: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
}

type Failure = { status: number; body: unknown } | 'disconnect';

export interface StripeStandIn {
  /** The origin to put in STRIPE_API_BASE. */
  apiBase: string;
  requests: RecordedStripeRequest[];
  sessions: Map<string, StandInSession>;
  /** The next `count` requests fail: with an HTTP error Stripe could send, or by dropping the connection. */
  failNext(failure: Failure, count?: number): void;
  close(): Promise<void>;
}

function stripeError(status: number, type: string, message: string) {
  return { status, body: { error: { type, message } } };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  const failures: Failure[] = [];

  function createSession(form: Record<string, string>): StandInSession {
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([key]) => key.startsWith('metadata['))
        .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
    );
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      expires_at: Number(form.expires_at),
      client_reference_id: form.client_reference_id ?? null,
      metadata,
      amount_total: Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]'] ?? 1),
      currency: form['line_items[0][price_data][currency]'] ?? 'usd',
    };
    sessions.set(id, session);
    return session;
  }

  function answer(method: string, path: string, form: Record<string, string>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, body: createSession(form) };
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = match ? sessions.get(match[1]!) : undefined;
    if (!match || !session) return stripeError(404, 'invalid_request_error', `No such checkout.session: '${match?.[1] ?? path}'`);
    if (method === 'GET' && !match[2]) return { status: 200, body: session };
    if (method === 'POST' && match[2]) {
      if (session.status !== 'open') {
        return stripeError(
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of ${session.status}.`,
        );
      }
      session.status = 'expired';
      session.url = null;
      return { status: 200, body: session };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      requests.push({ method: request.method ?? '', path, headers: request.headers, form });
      const failure = failures.shift();
      if (failure === 'disconnect') {
        request.socket.destroy();
        return;
      }
      const key = request.headers['idempotency-key'];
      const idempotent = typeof key === 'string' && request.method === 'POST' ? `${path} ${key}` : undefined;
      const replayed = idempotent ? byIdempotencyKey.get(idempotent) : undefined;
      const result = failure ?? replayed ?? answer(request.method ?? 'GET', path, form);
      // Stripe replays the first answer to a key, errors from its own servers excepted.
      if (idempotent && !failure && result.status < 500) byIdempotencyKey.set(idempotent, result);
      response.writeHead(result.status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    failNext(failure, count = 1) {
      for (let i = 0; i < count; i += 1) failures.push(failure);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
