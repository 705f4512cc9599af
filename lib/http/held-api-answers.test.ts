import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_CONTROL } from '@/lib/http/cache-policy';
import { processSingleton } from '@/lib/process-singleton';
import type { RateLimitDecision } from '@/lib/rate-limits/rate-limiter';
import { createHeldApiAnswers, type HeldApiAnswers } from './held-api-answers.mjs';
import type { HeldApiRules } from './held-api-rules';

/**
 * The web server's held API answers, over real HTTP. Next is played by a stand-in that answers like a content route
 * (or not, as each test needs) and counts its answers; the app's rules by a content ETag a test moves and a rate
 * limiter that records whom it counted and refuses past a budget.
 */
let etag: string | null = 'W/"stamp-1"';
let budget = 100;
let limiterFails = false;
let counted: string[] = [];
const rules: HeldApiRules = {
  currentEtag: () => etag,
  async consumeRead(client): Promise<RateLimitDecision> {
    if (limiterFails) throw new Error('database unavailable');
    counted.push(client);
    const used = counted.filter((one) => one === client).length;
    return { allowed: used <= budget, limit: budget, remaining: Math.max(0, budget - used), resetSeconds: 42 };
  },
};

interface Answer {
  status?: number;
  cacheControl?: string;
  etag?: string | null;
}
let answer: Answer = {};
let nextAnswers = 0;

/** Answers like a /v1 content route through Next: its security headers, its caching headers, its RateLimit-*. */
function nextStandIn(request: http.IncomingMessage, response: http.ServerResponse) {
  nextAnswers += 1;
  const { status = 200, cacheControl = CACHE_CONTROL.content, etag: answerEtag = etag } = answer;
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('cache-control', cacheControl);
  if (answerEtag) response.setHeader('etag', answerEtag);
  response.setHeader('ratelimit-remaining', 'from Next');
  response.writeHead(status, { 'content-type': 'application/json', 'x-answered': `next ${nextAnswers}` });
  response.end(JSON.stringify({ url: request.url, etag }));
}

let held: HeldApiAnswers;
let server: http.Server;
let origin: string;
let answeredHere = 0;

beforeAll(async () => {
  processSingleton<{ current?: HeldApiRules }>('held-api-rules', () => ({})).current = rules;
  server = http.createServer((request, response) => {
    // As the web server does: every request has its own id before anything answers it.
    response.setHeader('X-Request-Id', String(request.headers['x-test-id'] ?? 'none'));
    const client = String(request.headers['x-test-client'] ?? '203.0.113.7');
    const how = { client, answered: () => (answeredHere += 1), passToNext: () => nextStandIn(request, response) };
    if (!held.answer(request, response, how)) nextStandIn(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  processSingleton<{ current?: HeldApiRules }>('held-api-rules', () => ({})).current = undefined;
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  held = createHeldApiAnswers({ maxBytes: 4096, maxCopyBytes: 1024 });
  etag = 'W/"stamp-1"';
  budget = 100;
  limiterFails = false;
  counted = [];
  answer = {};
  nextAnswers = 0;
  answeredHere = 0;
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${origin}${path}`, { method, headers: { 'accept-encoding': 'identity', ...headers } });

async function seen(response: Response) {
  return {
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    nosniff: response.headers.get('x-content-type-options'),
    cacheControl: response.headers.get('cache-control'),
    etag: response.headers.get('etag'),
    answered: response.headers.get('x-answered'),
    rateLimit: [response.headers.get('ratelimit-limit'), response.headers.get('ratelimit-remaining'), response.headers.get('ratelimit-reset')],
    body: await response.text(),
  };
}

describe('held API answers', () => {
  it("answers a repeat read with Next's bytes and headers, its own request id and the client's budget", async () => {
    const first = await seen(await get('/v1/services', { 'x-test-id': 'one' }));
    expect(first).toEqual({
      status: 200,
      requestId: 'one',
      nosniff: 'nosniff',
      cacheControl: CACHE_CONTROL.content,
      etag: 'W/"stamp-1"',
      answered: 'next 1',
      rateLimit: [null, 'from Next', null],
      body: '{"url":"/v1/services","etag":"W/\\"stamp-1\\""}',
    });
    const again = await seen(await get('/v1/services', { 'x-test-id': 'two' }));
    expect(again).toEqual({ ...first, requestId: 'two', rateLimit: ['100', '99', '42'] });
    expect(await seen(await get('/v1/services', { 'x-test-id': 'three' }))).toEqual({ ...first, requestId: 'three', rateLimit: ['100', '98', '42'] });
    expect([nextAnswers, answeredHere, counted]).toEqual([1, 2, ['203.0.113.7', '203.0.113.7']]);
    expect(held.size()).toEqual({ copies: 1, bytes: Buffer.byteLength(first.body) });
  });

  it('counts each client against its own budget', async () => {
    await get('/v1/services');
    await get('/v1/services', { 'x-test-client': '198.51.100.1' });
    expect((await seen(await get('/v1/services', { 'x-test-client': '198.51.100.2' }))).rateLimit).toEqual(['100', '99', '42']);
    expect(counted).toEqual(['198.51.100.1', '198.51.100.2']);
  });

  it('hands a client over its limit to Next, which refuses it', async () => {
    budget = 1;
    await get('/v1/services');
    expect((await seen(await get('/v1/services'))).answered).toBe('next 1');
    const refused = await get('/v1/services');
    expect([refused.headers.get('x-answered'), answeredHere]).toEqual(['next 2', 1]);
  });

  it('hands the request to Next when the limiter fails, rather than answer uncounted', async () => {
    await get('/v1/services');
    limiterFails = true;
    expect((await seen(await get('/v1/services'))).answered).toBe('next 2');
    expect(answeredHere).toBe(0);
  });

  it('holds one answer per address (query included) and Accept-Encoding', async () => {
    await get('/v1/services');
    await get('/v1/services?limit=2');
    await get('/v1/services', { 'accept-encoding': 'gzip' });
    expect(nextAnswers).toBe(3);
    expect((await seen(await get('/v1/services?limit=2'))).body).toBe('{"url":"/v1/services?limit=2","etag":"W/\\"stamp-1\\""}');
    expect(nextAnswers).toBe(3);
  });

  it("drops a past build_stamp's answer: the next read goes to Next, whose answer is held instead", async () => {
    await get('/v1/services');
    etag = 'W/"stamp-2"';
    expect(await seen(await get('/v1/services'))).toMatchObject({ etag: 'W/"stamp-2"', answered: 'next 2' });
    expect((await seen(await get('/v1/services'))).answered).toBe('next 2');
    expect(held.size().copies).toBe(1);
  });

  it('neither answers nor holds while the app must re-check its content', async () => {
    await get('/v1/services');
    etag = null;
    answer = { etag: 'W/"stamp-1"' };
    await get('/v1/services');
    await get('/v1/services');
    expect(nextAnswers).toBe(3);
    expect(held.size().copies).toBe(0);
  });

  it.each<[string, Answer]>([
    ['a live answer (no-store)', { cacheControl: 'no-store' }],
    ['an answer without an ETag', { etag: null }],
    ['an ETag of another build_stamp', { etag: 'W/"stamp-0"' }],
    ['a 404', { status: 404 }],
  ])('never holds %s', async (_name, given) => {
    answer = given;
    await get('/v1/services/nope');
    await get('/v1/services/nope');
    expect(nextAnswers).toBe(2);
    expect(held.size()).toEqual({ copies: 0, bytes: 0 });
  });

  it.each<[string, string, Record<string, string>, string?]>([
    ['a conditional read', '/v1/services', { 'if-none-match': 'W/"stamp-1"' }],
    ['a range', '/v1/services', { range: 'bytes=0-10' }],
    ['a HEAD', '/v1/services', {}, 'HEAD'],
    ['a path outside /v1', '/openapi.json', {}],
  ])('leaves %s to Next', async (_name, path, headers, method) => {
    await get(path);
    await get(path, headers, method);
    expect(nextAnswers).toBe(2);
    expect(counted).toEqual([]);
  });
});
