import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessionEvent, signedDelivery, TEST_STRIPE_SECRET_KEY, TEST_STRIPE_WEBHOOK_SECRET } from '@/test-support/stripe/stripe-events';
import { createTestDatabase, startTestServer, TEST_RATE_LIMITS } from '../../test-support/test-server.mjs';
import type { TestDatabase, TestServer } from '../../test-support/test-server.mjs';
import { assertMatchesContract, get } from '../../test-support/http/contract';
import type { ApiResponse } from '../../test-support/http/contract';
import { requestFrom } from '../../test-support/http/request-from';
import { staffCookie } from '../../test-support/http/staff';
import { multipartBody } from '../../test-support/media/uploads';

/**
 * Servers of their own with low limits (the shared one allows TEST_RATE_LIMITS). Each test is a client of its own,
 * a loopback address of its own, so the budgets never mix, and none is 127.0.0.1, which the start-up health checks use.
 */
const READS = 3;
const WRITES = 2;
const LIMITS = { RATE_LIMIT_READS_PER_MINUTE: String(READS), RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES) };

/** Sends the request from `client` and checks the answer against the OpenAPI document. */
async function send(client: string, baseUrl: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const url = `${baseUrl}${path}`;
  const response = await requestFrom(client, url, init);
  const method = init.method ?? 'GET';
  // The webhook is no operation of the contract, and a HEAD derived from GET has no body to check.
  if (method !== 'HEAD' && !path.startsWith('/webhooks/')) await assertMatchesContract(method, url, response);
  return response;
}

const postJson = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const budget = (response: ApiResponse) => ({
  limit: response.headers.get('ratelimit-limit'),
  remaining: response.headers.get('ratelimit-remaining'),
  reset: response.headers.get('ratelimit-reset'),
});

/** The 429 exactly, given the seconds it names (the minute started with the test's first request, so 55 to 60). */
function expectRateLimited(response: ApiResponse, limit: number, kind: 'reads' | 'writes') {
  const seconds = Number(response.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(55);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    detail: `Too many requests: this API allows ${limit} ${kind} a minute per client. Try again in ${seconds} seconds.`,
    code: 'RATE_LIMITED',
  });
  expect(Object.fromEntries([...response.headers].filter(([name]) => /^(ratelimit-|retry-after|content-type|cache-control)/.test(name)))).toEqual({
    'cache-control': 'no-store',
    'content-type': 'application/json',
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': '0',
    'ratelimit-reset': String(seconds),
    'retry-after': String(seconds),
  });
}

describe('one instance with low limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        ...LIMITS,
        JOB_RUNNER: 'off',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
      },
    });
  }, 120_000);
  afterAll(() => server?.stop());

  it('successful answers carry the client budget; the first request of a minute has 60 seconds to go', async () => {
    const first = await send('127.0.0.2', server.baseUrl, '/v1/services?limit=1');
    expect(first.status).toBe(200);
    expect(budget(first)).toEqual({ limit: '3', remaining: '2', reset: '60' });
    const head = await send('127.0.0.2', server.baseUrl, '/v1/business', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(budget(head)).toMatchObject({ limit: '3', remaining: '1' });
  });

  it('the read after the limit gets 429 with Retry-After, and so does every read until the minute is over', async () => {
    const answers = [];
    for (const path of ['/v1/services', '/v1/insights', '/v1/no-such-path', '/v1/services', '/v1/health'])
      answers.push(await send('127.0.0.3', server.baseUrl, path));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 429, 429]);
    expect(answers.slice(0, 3).map((answer) => answer.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0']);
    expectRateLimited(answers[3]!, READS, 'reads');
    expectRateLimited(answers[4]!, READS, 'reads');
  });

  it('a client cannot reset its budget by claiming another address in X-Forwarded-For or X-Real-IP', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i += 1) {
      const claimed = `198.51.100.${i}`;
      statuses.push((await send('127.0.0.4', server.baseUrl, '/v1/services', { headers: { 'x-forwarded-for': claimed, 'x-real-ip': claimed } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("an MCP tool call counts once, as the /v1 request it runs, against the same client's budget", async () => {
    const toolCall = (name: string) =>
      requestFrom('127.0.0.12', `${server.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } }),
      });
    const resultOf = (response: ApiResponse) => (response.body as { result: { isError?: boolean; content: { text: string }[] } }).result;
    expect(budget(await send('127.0.0.12', server.baseUrl, '/v1/services'))).toMatchObject({ remaining: '2' });
    expect(resultOf(await toolCall('get_business_profile')).isError).toBeUndefined();
    expect(budget(await send('127.0.0.12', server.baseUrl, '/v1/business'))).toMatchObject({ remaining: '0' });
    const refused = resultOf(await toolCall('list_services'));
    expect(refused.isError).toBe(true);
    expect(JSON.parse(refused.content[0]!.text)).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('POSTs count against the writes limit, apart from reads, whatever their outcome', async () => {
    const inquiry = await send('127.0.0.5', server.baseUrl, '/v1/inquiries', postJson({}));
    expect(inquiry.status).toBe(422);
    expect(budget(inquiry)).toEqual({ limit: '2', remaining: '1', reset: '60' });
    const wrongMethod = await send('127.0.0.5', server.baseUrl, '/v1/services', postJson({}));
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('ratelimit-remaining')).toBe('0');
    expectRateLimited(await send('127.0.0.5', server.baseUrl, '/v1/availability/book', postJson({})), WRITES, 'writes');
    const read = await send('127.0.0.5', server.baseUrl, '/v1/services');
    expect(read.status).toBe(200);
    expect(budget(read)).toMatchObject({ limit: '3', remaining: '2' });
  });

  it('uploads to the media library count against the same writes limit, refused or not', async () => {
    const cookie = await staffCookie('marketing', server.databaseUrl);
    const upload = () => {
      const { body, contentType } = multipartBody({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'x.svg' });
      return requestFrom('127.0.0.13', `${server.baseUrl}/staff/media/upload`, {
        method: 'POST',
        headers: { 'content-type': contentType, origin: server.baseUrl, accept: 'application/json', cookie },
        body,
      });
    };
    expect((await upload()).status).toBe(415);
    expect((await send('127.0.0.13', server.baseUrl, '/v1/inquiries', postJson({}))).status).toBe(422);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect((refused.body as { code: string }).code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(55);
  });

  it('capabilities shows the limits in force, from the configuration', async () => {
    const capabilities = await send('127.0.0.6', server.baseUrl, '/v1/capabilities');
    expect((capabilities.body as { rateLimit: unknown }).rateLimit).toEqual({ readsPerMinute: 3, writesPerMinute: 2 });
  });

  it('the Stripe webhook is exempt and uses none of the writes', async () => {
    const deliveries = [];
    for (let i = 0; i < WRITES + 2; i += 1) {
      const { body, headers } = signedDelivery(checkoutSessionEvent('customer.created', { id: `cs_test_limit_${i}` }));
      deliveries.push(await send('127.0.0.7', server.baseUrl, '/webhooks/stripe', { method: 'POST', headers, body }));
    }
    expect(deliveries.map((delivery) => [delivery.status, delivery.body, delivery.headers.get('ratelimit-remaining')])).toEqual(
      Array(WRITES + 2).fill([200, { received: true, ignored: true }, null]),
    );
    expect(budget(await send('127.0.0.7', server.baseUrl, '/v1/inquiries', postJson({})))).toEqual({ limit: '2', remaining: '1', reset: '60' });
  });

  it('the discovery document, /health, /livez and /readyz are not counted', async () => {
    const answers = [];
    for (let i = 0; i < READS + 1; i += 1) {
      answers.push(await send('127.0.0.8', server.baseUrl, '/health'));
      answers.push(await send('127.0.0.8', server.baseUrl, '/', { headers: { accept: 'application/json' } }));
      // The probes are no operations of the contract: sent as they are.
      answers.push(await requestFrom('127.0.0.8', `${server.baseUrl}/livez`));
      answers.push(await requestFrom('127.0.0.8', `${server.baseUrl}/readyz`));
    }
    const limitHeaders = (answer: ApiResponse) => [...answer.headers.keys()].filter((name) => /^(ratelimit-|retry-after)/.test(name));
    expect(answers.map((answer) => [answer.status, limitHeaders(answer)])).toEqual(Array(4 * (READS + 1)).fill([200, []]));
  });
});

describe('two instances on one database', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    [first, second] = await Promise.all([
      startTestServer({ database, env: { ...LIMITS, JOB_RUNNER: 'off' } }),
      startTestServer({ database, env: { ...LIMITS, JOB_RUNNER: 'off' } }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    database?.remove();
  });

  it('count the writes of one client together, exactly', async () => {
    const answers = [];
    for (const server of [first, second, first]) answers.push(await send('127.0.0.9', server.baseUrl, '/v1/inquiries', postJson({})));
    expect(answers.map((answer) => [answer.status, answer.headers.get('ratelimit-remaining')])).toEqual([
      [422, '1'],
      [422, '0'],
      [429, '0'],
    ]);
  });

  it('count the reads of one client together within a second', async () => {
    // Reads are counted locally and added to the shared count once a second (lib/rate-limits/rate-limiter.ts).
    const statuses = [];
    for (let i = 0; i < 2; i += 1) statuses.push((await send('127.0.0.10', first.baseUrl, '/v1/services')).status);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    statuses.push((await send('127.0.0.10', first.baseUrl, '/v1/services')).status); // the third: the first instance shares its count
    await new Promise((resolve) => setTimeout(resolve, 500));
    statuses.push((await send('127.0.0.10', second.baseUrl, '/v1/services')).status); // the second instance starts from the shared count
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

it('the shared test server shows the limits it was given', async () => {
  const capabilities = await get<{ rateLimit: unknown }>('/v1/capabilities');
  expect(capabilities.body.rateLimit).toEqual({
    readsPerMinute: Number(TEST_RATE_LIMITS.RATE_LIMIT_READS_PER_MINUTE),
    writesPerMinute: Number(TEST_RATE_LIMITS.RATE_LIMIT_WRITES_PER_MINUTE),
  });
});
