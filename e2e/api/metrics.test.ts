import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CACHE_CONTROL } from '@/lib/http/cache-policy';
import { eventually } from '@/test-support/eventually';
import { freePort } from '../../test-support/free-port.mjs';
import { checkMetrics, findPrometheus, startPrometheus, type Prometheus } from '../../test-support/prometheus';
import { enqueueSlowJob } from '../../test-support/drills/slow-job';
import { requestFrom } from '../../test-support/http/request-from';
import { ROUTER_PREFETCH_HEADERS, routerAddress } from '../../test-support/http/router-prefetch.mjs';
import { checkoutSessionEvent, signedDelivery, TEST_STRIPE_WEBHOOK_SECRET } from '../../test-support/stripe/stripe-events';
import { startTestServer, type TestServer } from '../../test-support/test-server.mjs';

/**
 * GET /metrics scraped by a real Prometheus (Debian's package): on its own listener (METRICS_PORT) and on the main port
 * with METRICS_TOKEN; nowhere without either. The exposition passes `promtool check metrics`, a route just called shows
 * in a PromQL query, the runner's series arrive through the web server, and the age of the oldest due job rises
 * while the runner is stopped.
 */
const installed = findPrometheus();
/** On CI (.ci/run installs the package) the Prometheus tests run whatever is installed, so a missing one fails them. */
const runPrometheus = Boolean(installed) || Boolean(process.env.CI);
const TOKEN = 'metrics-token-for-tests-0123456789';
/** Writes a minute per client: low, so one client of its own is refused quickly; the others stay far below. */
const WRITES = 5;

let server: TestServer;
let metricsPort: number;
let prometheus: Prometheus | undefined;

beforeAll(async () => {
  metricsPort = await freePort();
  // Content stays fresh for a minute, so that repeat reads are answered from the web server's held answers.
  server = await startTestServer({
    env: {
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
      JOB_POLL_MS: '100',
      CONTENT_REVALIDATE_MS: '60000',
      RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES),
      // Stripe's webhook, verified with this secret, beside the sandbox payments.
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
    },
  });
  if (installed) prometheus = await startPrometheus({ target: `127.0.0.1:${metricsPort}` });
}, 120_000);

afterAll(async () => {
  await prometheus?.stop();
  await server?.stop();
});

const scrape = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

/** The web server's http_responses_total for answers written by `source` (held-answer, held-asset...), from a scrape. */
async function responsesFrom(source: string) {
  const exposition = await (await scrape(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return Number(new RegExp(`^http_responses_total\\{[^}]*source="${source}"[^}]*\\} (\\d+)$`, 'm').exec(exposition)?.[1] ?? 0);
}

/** Headers every answer has of its own (date, framing): left out where answers are compared. */
const PER_CONNECTION_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'];

/** An answer as these tests compare them: status, headers but the per-connection ones, decoded text, and length. */
async function answerOf(path: string, headers: Record<string, string>) {
  const response = await requestFrom('127.0.0.1', `${server.baseUrl}${path}`, { headers });
  const kept = [...response.headers].filter(([name]) => !PER_CONNECTION_HEADERS.includes(name));
  return { status: response.status, headers: Object.fromEntries(kept), text: response.text, length: Number(response.headers.get('content-length')) };
}

describe('GET /metrics', () => {
  it.runIf(Boolean(process.env.CI))('has a real Prometheus to scrape it on CI: the tests below fail without one, never skip', () => {
    expect(installed, "Debian's prometheus package (prometheus and promtool on the PATH)").not.toBeNull();
  });

  it('is served on METRICS_PORT (127.0.0.1), and only /metrics is', async () => {
    const response = await scrape(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await response.text()).toContain('# TYPE http_request_duration_seconds histogram');
    const other = await scrape(`http://127.0.0.1:${metricsPort}/v1/services`);
    expect([other.status, await other.json()]).toEqual([404, { detail: 'This listener serves GET /metrics only.', code: 'NOT_FOUND' }]);
  });

  it('is served on the main port only with the bearer token', async () => {
    expect((await scrape(`${server.baseUrl}/metrics`, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${Buffer.from(`a:${TOKEN}`).toString('base64')}`]) {
      const refused = await scrape(`${server.baseUrl}/metrics`, authorization ? { authorization } : {});
      expect([refused.status, refused.headers.get('www-authenticate'), await refused.json()]).toEqual([
        401,
        'Bearer realm="metrics"',
        { detail: 'GET /metrics on this port needs Authorization: Bearer <METRICS_TOKEN>.', code: 'UNAUTHORIZED' },
      ]);
    }
  });

  it.runIf(runPrometheus)('passes promtool check metrics, with the runner series and the process metrics in it', async () => {
    await enqueueSlowJob(server.databaseUrl, 0);
    // The runner sends its series every 5 s.
    const text = await eventually(
      async () => (await scrape(`http://127.0.0.1:${metricsPort}/metrics`)).text(),
      (body) => body.includes('job_run_duration_seconds_count{type="diagnostics.noop",outcome="succeeded",process="runner"}'),
      "the runner's job series",
      20_000,
    );
    expect(checkMetrics(text)).toEqual({ code: 0, output: '' });
    for (const series of [
      'process_resident_memory_bytes{process="web"}',
      'process_resident_memory_bytes{process="runner"}',
      'nodejs_eventloop_lag_seconds{process="web"}',
      'nodejs_heap_size_used_bytes{process="runner"}',
      'http_requests_in_flight{process="web"}',
      'job_runners{state="alive",process="web"} 1',
      'health_check_failing{check="jobRunner",process="web"} 0',
    ])
      expect(text).toContain(series);
    expect(text).toMatch(/nodejs_gc_duration_seconds_count\{kind="\w+",process="web"\} \d+/);
    // The commitment gauges (exact counts in lib/domain/commitments/commitment-metrics.test.ts): every kind, every scrape.
    for (const gauge of ['commitments_open', 'commitments_overdue', 'commitments_missed'])
      for (const kind of ['inquiry-reply', 'booking-decision', 'report-delivery', 'website-audit'])
        expect(text).toMatch(new RegExp(`^${gauge}\\{kind="${kind}",process="web"\\} \\d+$`, 'm'));
  });

  it("answers repeat content reads from the web server's held answer: Next's bytes and headers, each its own id and budget", async () => {
    const heldAnswers = () => responsesFrom('held-answer');
    /** Status, body, and the headers but those of each answer's own (date, framing, the window's seconds left). */
    const read = async (id: string) => {
      const response = await fetch(`${server.baseUrl}/v1/services/categories`, { headers: { 'x-request-id': id } });
      const headers = Object.fromEntries(
        [...response.headers].filter(([name]) => !['date', 'transfer-encoding', 'content-length', 'ratelimit-reset'].includes(name)),
      );
      return { status: response.status, headers, body: await response.text() };
    };
    const first = await read('first-read');
    const before = await heldAnswers();
    const second = await read('second-read');
    const third = await read('third-read');
    expect(await heldAnswers()).toBe(before + 2);
    expect(first.status).toBe(200);
    const remaining = Number(first.headers['ratelimit-remaining']);
    const sameAs = (id: string, left: number) => ({ ...first.headers, 'x-request-id': id, 'ratelimit-remaining': String(left) });
    expect(second).toEqual({ status: 200, headers: sameAs('second-read', remaining - 1), body: first.body });
    expect(third).toEqual({ status: 200, headers: sameAs('third-read', remaining - 2), body: first.body });
  });

  it("answers repeat requests for the build's static files from the web server's held copy: Next's bytes and headers", async () => {
    const heldAssets = () => responsesFrom('held-asset');
    const page = await (await fetch(`${server.baseUrl}/about`, { headers: { accept: 'text/html' } })).text();
    const script = /src="(\/_next\/static\/chunks\/[\w-]+\.js)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    /** Status, headers but the per-answer ones, and the text: an Accept-Encoding no other test sends, so the first answer is Next's. */
    const read = (id: string, extra: Record<string, string> = {}) =>
      answerOf(script!, { 'accept-encoding': 'gzip;q=1.0, identity;q=0.5', 'x-request-id': id, ...extra });
    const first = await read('first-asset');
    const before = await heldAssets();
    const second = await read('second-asset');
    const third = await read('third-asset');
    expect(await heldAssets()).toBe(before + 2);
    expect(first.status).toBe(200);
    expect(first.headers).toMatchObject({
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(first.text).toContain('TURBOPACK');
    for (const [answer, id] of [
      [second, 'second-asset'],
      [third, 'third-asset'],
    ] as const) {
      expect(answer.status).toBe(200);
      expect(answer.headers).toEqual({ ...first.headers, 'x-request-id': id });
      expect(answer.text).toBe(first.text);
    }
    // A range is Next's to answer.
    const partial = await read('range-asset', { range: 'bytes=0-9' });
    expect(partial.status).toBe(206);
    expect(partial.headers['content-range']).toMatch(/^bytes 0-9\//);
    expect(await heldAssets()).toBe(before + 2);
  });

  it("sends the build's Brotli copy of a static file to a client that accepts br: Next's text and headers, 14 % fewer bytes", async () => {
    const page = await (await fetch(`${server.baseUrl}/contact`, { headers: { accept: 'text/html' } })).text();
    const script = /src="(\/_next\/static\/chunks\/[\w-]+\.js)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    /** An Accept-Encoding no other test sends, so the first answer is Next's. */
    const read = (acceptEncoding: string) => answerOf(script!, { 'accept-encoding': acceptEncoding, 'x-request-id': 'brotli' });
    const first = await read('br;q=1.0, gzip;q=0.8');
    expect(first.headers['content-encoding']).toBe('gzip');
    // The Brotli copy is read from the build once Next's answer is held, beside the request.
    const brotli = await eventually(
      () => read('br;q=1.0, gzip;q=0.8'),
      (answer) => answer.headers['content-encoding'] === 'br',
      'the Brotli copy',
    );
    expect(brotli.status).toBe(200);
    expect(brotli.headers).toEqual({ ...first.headers, 'content-encoding': 'br' });
    expect(brotli.text).toBe(first.text);
    const heldBefore = await responsesFrom('held-asset');
    expect(await read('br;q=1.0, gzip;q=0.8')).toEqual(brotli);
    expect(await responsesFrom('held-asset')).toBe(heldBefore + 1);
    // Next's gzip answer is streamed without a length; the held copy of it carries one.
    await read('gzip');
    const gzipped = await read('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(brotli.length).toBeLessThan(gzipped.length * 0.92);
  });

  it("sends a Brotli copy of a held page to a browser that accepts br: Next's page and headers, made once from Next's gzip", async () => {
    /** An Accept-Encoding no other test sends, so the first answer is Next's. */
    const read = (acceptEncoding: string) => answerOf('/principles', { accept: 'text/html', 'accept-encoding': acceptEncoding, 'x-request-id': 'brotli-page' });
    const first = await read('br;q=1.0, gzip;q=0.9, deflate;q=0.1');
    expect([first.status, first.headers['content-encoding']]).toEqual([200, 'gzip']);
    const brotli = await eventually(
      () => read('br;q=1.0, gzip;q=0.9, deflate;q=0.1'),
      (answer) => answer.headers['content-encoding'] === 'br',
      "the page's Brotli copy",
    );
    expect(brotli.headers).toEqual({ ...first.headers, 'content-encoding': 'br', 'x-nextjs-cache': 'HIT' });
    expect(brotli.text).toBe(first.text);
    expect(brotli.text).toContain('<h1');
    const heldBefore = await responsesFrom('held-copy');
    expect(await read('br;q=1.0, gzip;q=0.9, deflate;q=0.1')).toEqual(brotli);
    expect(await responsesFrom('held-copy')).toBe(heldBefore + 1);
    await read('gzip;q=1.0, identity;q=0.1');
    const gzipped = await read('gzip;q=1.0, identity;q=0.1');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(brotli.length).toBeLessThan(gzipped.length * 0.85);
  });

  it("answers a repeat prefetch of a cached page from a held copy (Next's payload and headers), never one of a page rendered per request", async () => {
    /** A prefetch of a page's tree, with the headers Next's router sends (an Accept-Encoding no other test sends). */
    const headers = { ...ROUTER_PREFETCH_HEADERS, 'accept-encoding': 'gzip;q=0.7' };
    const prefetch = (path: string) => answerOf(path, { ...headers, 'x-request-id': 'router-prefetch' });
    const addressOf = (path: string) => routerAddress(server.baseUrl, path, headers);
    const services = await addressOf('/services');
    const first = await prefetch(services);
    expect([first.status, first.headers['content-type'], first.headers['cache-control']]).toEqual([200, 'text/x-component', PAGE_CACHE_CONTROL]);
    const heldBefore = await responsesFrom('held-copy');
    const again = await prefetch(services);
    expect(again.headers).toEqual({ ...first.headers, 'x-nextjs-cache': 'HIT' });
    expect(again.text).toBe(first.text);
    expect(await responsesFrom('held-copy')).toBe(heldBefore + 1);

    const contact = await addressOf('/contact');
    const perRequest = await prefetch(contact);
    expect([perRequest.status, perRequest.headers['cache-control']]).toEqual([200, 'private, no-cache, no-store, max-age=0, must-revalidate']);
    await prefetch(contact);
    // Nor an API answer asked for with the router's headers: each such read is counted against the client's limit.
    const api = await addressOf('/v1/services');
    const apiReads = [await prefetch(api), await prefetch(api)];
    expect(apiReads.map((read) => [read.status, read.headers['content-type']])).toEqual([
      [200, 'application/json'],
      [200, 'application/json'],
    ]);
    expect(Number(apiReads[1]!.headers['ratelimit-remaining'])).toBeLessThan(Number(apiReads[0]!.headers['ratelimit-remaining']));
    expect(await responsesFrom('held-copy')).toBe(heldBefore + 1);
  });

  it.runIf(runPrometheus)('shows a route just called in a PromQL query, by its template', async () => {
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${server.baseUrl}/v1/services/constraint-snapshot/faq`)).status).toBe(200);
    const samples = await eventually(
      () => prometheus!.query('sum by (route, method, status_class) (http_request_duration_seconds_count{route="/v1/services/{serviceId}/faq"})'),
      (result) => result[0]?.value === 3,
      'three requests in Prometheus',
      20_000,
    );
    expect(samples).toEqual([{ metric: { route: '/v1/services/{serviceId}/faq', method: 'GET', status_class: '2xx' }, value: 3 }]);
  });

  it.runIf(runPrometheus)('shows the age of the oldest due job rising while the runner is stopped, and falling once it runs again', async () => {
    const runner = server.server.worker!;
    runner.kill('SIGSTOP');
    try {
      await enqueueSlowJob(server.databaseUrl, 0);
      const age = () => prometheus!.query('job_queue_oldest_due_age_seconds');
      const first = await eventually(age, (result) => (result[0]?.value ?? 0) >= 1, 'a due job in Prometheus', 20_000);
      const later = await eventually(age, (result) => (result[0]?.value ?? 0) >= first[0]!.value + 2, 'the age to rise', 20_000);
      expect(later[0]!.value).toBeGreaterThan(first[0]!.value);
    } finally {
      runner.kill('SIGCONT');
    }
    await eventually(
      () => prometheus!.query('job_queue_oldest_due_age_seconds'),
      (result) => result[0]?.value === 0,
      'the queue drained',
      20_000,
    );
  });
});

describe('counters of what happened', () => {
  /** One sample of the exposition on METRICS_PORT (0 while the series has none). */
  async function sample(series: string): Promise<number> {
    const text = await (await scrape(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  }

  it('count a 429 by its limit, a checkout started by its provider, and a signed webhook by type and outcome, one each', async () => {
    const refusals = 'rate_limit_refusals_total{limit="writes",process="web"}';
    const started = 'checkouts_started_total{provider="sandbox",process="web"}';
    const webhooks = 'webhook_events_received_total{provider="stripe",type="checkout.session.completed",outcome="recorded",process="web"}';
    const before = { refusals: await sample(refusals), started: await sample(started), webhooks: await sample(webhooks) };

    // A client of its own spends its writes, and the next is refused.
    const statuses = [];
    for (let i = 0; i <= WRITES; i += 1)
      statuses.push(
        (await requestFrom('127.0.0.9', `${server.baseUrl}/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))
          .status,
      );
    expect(statuses).toEqual([...Array(WRITES).fill(422), 429]);

    const { purchaseDigest } = (await (await fetch(`${server.baseUrl}/v1/services/constraint-snapshot`)).json()) as { purchaseDigest: string };
    const checkout = await fetch(`${server.baseUrl}/v1/services/constraint-snapshot/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ purchaseDigest, buyerInputs: {} }),
    });
    expect(checkout.status).toBe(200);

    const { body, headers } = signedDelivery(checkoutSessionEvent('checkout.session.completed', { id: 'cs_test_metrics_0001' }));
    const webhook = await fetch(`${server.baseUrl}/webhooks/stripe`, { method: 'POST', headers, body });
    expect([webhook.status, await webhook.json()]).toEqual([200, { received: true, duplicate: false }]);

    expect({ refusals: await sample(refusals), started: await sample(started), webhooks: await sample(webhooks) }).toEqual({
      refusals: before.refusals + 1,
      started: before.started + 1,
      webhooks: before.webhooks + 1,
    });
  });
});

describe('without METRICS_PORT or METRICS_TOKEN', () => {
  it('/metrics does not exist', async () => {
    const plain = await startTestServer({ env: { JOB_RUNNER: 'off' } });
    try {
      const response = await fetch(`${plain.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(404);
    } finally {
      await plain.stop();
    }
  }, 120_000);
});
