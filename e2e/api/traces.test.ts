import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@/test-support/eventually';
import { startSmtpSink, type SmtpSink } from '@/test-support/mail/smtp-sink';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@/test-support/otlp-receiver';
import { startStripeTestServer, type StripeTestServer } from '@/test-support/stripe/stripe-test-server';
import type { TestServer } from '../../test-support/test-server.mjs';

/**
 * Traces over OTLP/HTTP to a local receiver, as to an OpenTelemetry collector: a request's span (the web server's and
 * Next's), its database queries (Prisma), and the jobs it enqueued, in the same trace, down to the SMTP conversation of
 * the email it caused; a payment webhook's trace leads to the receipt. Errors are recorded on their span.
 */
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

let receiver: OtlpReceiver;
let sink: SmtpSink;
let stripe: StripeTestServer;
let server: TestServer;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  sink = await startSmtpSink();
  stripe = await startStripeTestServer({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_SERVICE_NAME: 'throughline-test',
    OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=test-key',
    OTEL_BSP_SCHEDULE_DELAY: '100',
    SMTP_URL: sink.url,
  });
  server = stripe.server;
}, 120_000);

afterAll(async () => {
  await stripe?.stop();
  await sink?.stop();
  await receiver?.close();
});

const inTrace = (traceId: string) => receiver.spans.filter((span) => span.traceId === traceId);

/** The span ids above `span` in its trace, nearest first. */
function ancestorsOf(span: ReceivedSpan): string[] {
  const byId = new Map(inTrace(span.traceId).map((each) => [each.spanId, each]));
  const ancestors: string[] = [];
  for (let parent = span.parentSpanId; parent; parent = byId.get(parent)?.parentSpanId) ancestors.push(parent);
  return ancestors;
}

async function submitInquiry(email: string) {
  return fetch(`${server.baseUrl}/v1/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      companyName: 'Allegheny Castings',
      contactName: 'Rosa Diaz',
      email,
      problemDescription: 'Assembly waits for the furnace.',
      urgency: 'low',
    }),
  });
}

/** The web server's span of the request whose X-Request-Id is `requestId`, found through its access line. */
async function requestSpan(requestId: string): Promise<ReceivedSpan> {
  const traceId = await eventually(
    () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { component?: string; requestId?: string; traceId?: string })
        .find((line) => line.component === 'http' && line.requestId === requestId)?.traceId,
    Boolean,
    'the access line with its trace id',
  );
  return eventually(
    () => receiver.spans.find((span) => span.traceId === traceId && span.kind === SERVER && span.process === 'web' && !span.parentSpanId),
    Boolean,
    'the request span',
  ) as Promise<ReceivedSpan>;
}

describe('one inquiry', () => {
  it("is one trace: the request, Next's span, database queries, and the job that sends the acknowledgement, down to SMTP", async () => {
    const response = await submitInquiry('rosa.trace@allegheny.example');
    expect(response.status).toBe(200);
    const root = await requestSpan(response.headers.get('x-request-id')!);
    expect(root).toMatchObject({ name: 'POST /v1/inquiries', serviceName: 'throughline-test', status: 0 });
    expect(root.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/v1/inquiries', 'http.response.status_code': 200 });

    const acknowledgement = await eventually(
      () => inTrace(root.traceId).filter((span) => span.name === 'job mail.send' && span.kind === CONSUMER && span.process === 'runner'),
      (jobs) => jobs.length === 2, // the visitor's acknowledgement and the firm's notice
      'both mail jobs in the trace',
      20_000,
    );
    const smtp = await eventually(
      () => inTrace(root.traceId).filter((span) => span.name === 'smtp send' && span.kind === CLIENT),
      (spans) => spans.length === 2,
      'both SMTP conversations in the trace',
      20_000,
    );
    expect(smtp.map((span) => span.attributes['mail.kind']).sort()).toEqual(['inquiry-acknowledgement', 'inquiry-notice']);
    for (const span of smtp) expect(acknowledgement.map((job) => job.spanId)).toContain(span.parentSpanId);

    const spans = inTrace(root.traceId);
    // Next's own span of the request continues the web server's.
    expect(spans.some((span) => span.process === 'web' && span.parentSpanId === root.spanId && span.attributes['next.span_type'] !== undefined)).toBe(true);
    // Prisma's spans, in both processes: the inquiry's insert in the web server, the outbox reads and writes in the runner.
    const queries = spans.filter((span) => span.name.startsWith('prisma:'));
    expect(new Set(queries.map((span) => span.process))).toEqual(new Set(['web', 'runner']));
    expect(queries.some((span) => span.name === 'prisma:client:operation')).toBe(true);
  }, 60_000);
});

describe('a checkout', () => {
  it("holds, in the request's trace, the client span of its call to Stripe", async () => {
    const { purchaseDigest } = (await (await fetch(`${server.baseUrl}/v1/services/constraint-snapshot`)).json()) as { purchaseDigest: string };
    const response = await fetch(`${server.baseUrl}/v1/services/constraint-snapshot/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-checkout-1' },
      body: JSON.stringify({ purchaseDigest, buyerInputs: {} }),
    });
    expect(response.status).toBe(200);
    const root = await requestSpan('trace-checkout-1');
    const stripeSpan = await eventually(
      () => inTrace(root.traceId).find((span) => span.name === 'stripe checkout.sessions.create'),
      Boolean,
      "Stripe's span in the checkout trace",
    );
    expect(stripeSpan).toMatchObject({
      kind: CLIENT,
      process: 'web',
      status: 0,
      attributes: { 'rpc.system': 'stripe', 'rpc.method': 'checkout.sessions.create' },
    });
    expect(ancestorsOf(stripeSpan!)).toContain(root.spanId);
  }, 60_000);
});

describe('a payment webhook', () => {
  it('leads, in its trace, to the job that processes it and to the receipt it causes', async () => {
    const { sessionId } = await stripe.openCheckout();
    const delivered = await stripe.deliverPaid(sessionId, { email: 'lena@northgate.example', name: 'Lena Park' });
    expect(delivered.status).toBe(200);
    const root = await requestSpan(delivered.headers.get('x-request-id')!);
    const chain = await eventually(
      () => inTrace(root.traceId).filter((span) => span.kind === CONSUMER),
      (jobs) => jobs.some((job) => job.name === 'job payments.process-event') && jobs.some((job) => job.name === 'job mail.send'),
      'the payment job and the receipt job in the webhook trace',
      20_000,
    );
    const payment = chain.find((job) => job.name === 'job payments.process-event')!;
    const receipt = chain.find((job) => job.name === 'job mail.send')!;
    // The receipt was enqueued by the payment job (inside its transaction): the payment job's span is its ancestor.
    expect(ancestorsOf(receipt)).toContain(payment.spanId);
    expect(await eventually(() => inTrace(root.traceId).find((span) => span.name === 'smtp send'), Boolean, 'the receipt sent')).toMatchObject({
      attributes: { 'mail.kind': 'checkout-receipt' },
    });
  }, 60_000);
});

describe('errors', () => {
  it('are recorded on their span: a mail job whose SMTP server is down', async () => {
    await sink.goDown('refuse-connections');
    try {
      const response = await submitInquiry('rosa.down@allegheny.example');
      const root = await requestSpan(response.headers.get('x-request-id')!);
      const failed = await eventually(
        () => inTrace(root.traceId).filter((span) => span.name === 'job mail.send' && span.status === 2),
        (jobs) => jobs.length > 0,
        'a failed mail job span',
        20_000,
      );
      expect(failed[0]!.events).toContain('exception');
      expect(inTrace(root.traceId).some((span) => span.name === 'smtp send' && span.status === 2)).toBe(true);
    } finally {
      await sink.goUp();
    }
  }, 60_000);
});

describe('the export', () => {
  it('uses the standard variables: the service name, and the headers for the collector', () => {
    expect(receiver.headers.every((headers) => headers['x-collector-key'] === 'test-key')).toBe(true);
    expect(new Set(receiver.spans.map((span) => span.serviceName))).toEqual(new Set(['throughline-test']));
  });
});
