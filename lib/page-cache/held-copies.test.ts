import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '@/test-support/eventually';
import { PAGE_CACHE_CONTROL } from '@/lib/http/cache-policy';
import { processSingleton } from '@/lib/process-singleton';
import { ROUTER_PREFETCH_HEADERS } from '@/test-support/http/router-prefetch.mjs';
import { createHeldCopies, type HeldCopies } from './held-copies.mjs';
import type { HeldCopyRules } from './held-copy-rules';

/**
 * The web server's held copies, over real HTTP. The app's side is played by a stand-in for Next that answers like a
 * cached page (or not, as each test needs) and counts what it renders, and by rules whose edition a test moves.
 */
const PRIVATE = 'private, no-cache, no-store, max-age=0, must-revalidate';

let edition: string | null = 'W/"edition-1"';
let bypassCookie = 'staff_session';
const rules: HeldCopyRules = {
  currentCopyEtag: () => edition,
  mayUseCopy: (cookieNames) => !cookieNames.includes(bypassCookie),
};

interface Answer {
  status?: number;
  cacheControl?: string;
  etag?: string | null;
  setCookie?: string;
  body?: string;
  nextCache?: string;
  /** Passes writeHead its headers as a flat array of names and values, which Node also accepts. */
  flatHeaders?: boolean;
  /** Moves the edition after the first chunk is written, as a publication in the middle of an answer would. */
  publishMidway?: boolean;
  /** Compresses the body with gzip, as Next does for a client that accepts it. */
  gzip?: boolean;
  contentType?: string;
}
let answer: Answer = {};
let rendered = 0;

function nextStandIn(request: http.IncomingMessage, response: http.ServerResponse) {
  rendered += 1;
  // Next's client router gets the page's payload, which proxy.ts sends without an ETag.
  const router = request.headers.rsc === '1';
  const {
    status = 200,
    cacheControl = PAGE_CACHE_CONTROL,
    etag = router ? null : edition,
    setCookie,
    body = router
      ? `payload of ${request.url} (${request.headers['next-router-segment-prefetch'] ?? 'whole'}) for ${edition}`
      : `<p>${request.url} for ${edition}</p>`,
  } = answer;
  response.setHeader('Cache-Control', cacheControl);
  response.setHeader('Content-Type', answer.contentType ?? (router ? 'text/x-component' : 'text/html; charset=utf-8'));
  if (etag) response.setHeader('ETag', etag);
  if (setCookie) response.setHeader('Set-Cookie', setCookie);
  if (answer.nextCache) response.setHeader('X-Nextjs-Cache', answer.nextCache);
  if (answer.gzip) response.setHeader('Content-Encoding', 'gzip');
  if (answer.flatHeaders) response.writeHead(status, ['Vary', 'rsc, Accept-Encoding', 'X-Rendered', String(rendered)]);
  else response.writeHead(status, { Vary: 'rsc, Accept-Encoding', 'X-Rendered': String(rendered) });
  const bytes = answer.gzip ? gzipSync(body) : Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  response.write(bytes.subarray(0, half));
  if (answer.publishMidway) edition = 'W/"edition-midway"';
  response.end(bytes.subarray(half));
}

let held: HeldCopies;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  processSingleton<{ current?: HeldCopyRules }>('held-copy-rules', () => ({})).current = rules;
  server = http.createServer((request, response) => {
    if (!held.answer(request, response)) nextStandIn(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  processSingleton<{ current?: HeldCopyRules }>('held-copy-rules', () => ({})).current = undefined;
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  held = createHeldCopies({ maxBytes: 4096, maxCopyBytes: 1024 });
  edition = 'W/"edition-1"';
  bypassCookie = 'staff_session';
  answer = {};
  rendered = 0;
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${origin}${path}`, { method, headers: { accept: 'text/html', 'accept-encoding': 'identity', ...headers } });

/** Status, the headers that matter, and the body. */
async function seen(response: Response) {
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    cacheControl: response.headers.get('cache-control'),
    vary: response.headers.get('vary'),
    rendered: response.headers.get('x-rendered'),
    contentLength: response.headers.get('content-length'),
    body: await response.text(),
  };
}

describe('held copies of cached pages', () => {
  it("answers a repeat request with Next's bytes and headers, without Next", async () => {
    const first = await seen(await get('/about'));
    expect(first).toMatchObject({
      status: 200,
      etag: 'W/"edition-1"',
      cacheControl: PAGE_CACHE_CONTROL,
      rendered: '1',
      body: '<p>/about for W/"edition-1"</p>',
    });
    const again = await seen(await get('/about'));
    expect(again).toEqual({ ...first, contentLength: String(Buffer.byteLength(first.body)) });
    expect(await seen(await get('/about'))).toEqual(again);
    expect(rendered).toBe(1);
    expect(held.size()).toEqual({ copies: 1, bytes: Buffer.byteLength(first.body) });
  });

  it("reports every answer from a held copy as a hit of Next's cache, though the copy's first answer was its render", async () => {
    answer = { nextCache: 'MISS' };
    expect((await get('/about')).headers.get('x-nextjs-cache')).toBe('MISS');
    expect((await get('/about')).headers.get('x-nextjs-cache')).toBe('HIT');
    expect(rendered).toBe(1);
  });

  it("never repeats the held request's id: each answer carries its own", async () => {
    // The web server gives each request its id before Next or a held copy answers (request-observer.mjs).
    const withId = (id: string) => (request: http.IncomingMessage, response: http.ServerResponse) => {
      response.setHeader('X-Request-Id', id);
      if (!held.answer(request, response)) nextStandIn(request, response);
    };
    server.removeAllListeners('request');
    server.on('request', withId('first'));
    expect((await get('/about')).headers.get('x-request-id')).toBe('first');
    server.removeAllListeners('request');
    server.on('request', withId('second'));
    const again = await get('/about');
    expect([again.headers.get('x-request-id'), again.headers.get('x-rendered')]).toEqual(['second', '1']);
    server.removeAllListeners('request');
    server.on('request', (request, response) => {
      if (!held.answer(request, response)) nextStandIn(request, response);
    });
  });

  it('keeps the header names as Next wrote them', async () => {
    await get('/about');
    const raw = await new Promise<string[]>((resolve) =>
      http.get(`${origin}/about`, { headers: { accept: 'text/html', 'accept-encoding': 'identity' } }, (response) => resolve(response.rawHeaders)),
    );
    expect(raw).toEqual(expect.arrayContaining(['Cache-Control', 'ETag', 'Vary', 'X-Rendered', '1', 'Content-Length']));
  });

  it('holds one copy per address and Accept-Encoding', async () => {
    await get('/about');
    await get('/about?utm_source=newsletter');
    await get('/about', { 'accept-encoding': 'gzip' });
    expect(rendered).toBe(3);
    expect((await seen(await get('/about?utm_source=newsletter'))).body).toBe('<p>/about?utm_source=newsletter for W/"edition-1"</p>');
    expect(rendered).toBe(3);
  });

  it("drops a past edition's copy: the next request goes to Next and its answer is held instead", async () => {
    await get('/about');
    edition = 'W/"edition-2"';
    expect(await seen(await get('/about'))).toMatchObject({ etag: 'W/"edition-2"', rendered: '2', body: '<p>/about for W/"edition-2"</p>' });
    expect((await seen(await get('/about'))).rendered).toBe('2');
    expect(held.size().copies).toBe(1);
  });

  it('neither answers nor holds while the app must re-check its content edition', async () => {
    await get('/about');
    edition = null;
    answer = { etag: 'W/"edition-1"' };
    await get('/about');
    await get('/about');
    expect(rendered).toBe(3);
    expect(held.size().copies).toBe(0);
  });

  it('never holds an answer written while a publication moved the edition', async () => {
    answer = { publishMidway: true };
    await get('/about');
    answer = {};
    await get('/about');
    await get('/about');
    expect(rendered).toBe(2);
  });

  it.each<[string, Answer]>([
    ['a private answer', { cacheControl: PRIVATE }],
    ['an answer that sets a cookie', { setCookie: 'visitor=1' }],
    ['an answer without an ETag', { etag: null }],
    ['an ETag of another edition', { etag: 'W/"edition-0"' }],
    ['a 404', { status: 404 }],
    ['an answer larger than a copy may be', { body: 'x'.repeat(1025) }],
    ['an answer whose headers writeHead got as a flat array', { flatHeaders: true }],
  ])('never holds %s', async (_name, given) => {
    answer = given;
    await get('/about');
    await get('/about');
    expect(rendered).toBe(2);
    expect(held.size()).toEqual({ copies: 0, bytes: 0 });
  });

  it.each<[string, Record<string, string>, string?]>([
    ['a staff or draft-mode cookie', { cookie: 'theme=dark; staff_session=abc' }],
    ["a router header without Next's `RSC: 1`", { 'next-router-prefetch': '1' }],
    ['a server action', { 'next-action': 'abc123' }],
    ['a conditional request', { 'if-none-match': 'W/"edition-1"' }],
    ['a range', { range: 'bytes=0-10' }],
    ['a client that does not ask for HTML', { accept: 'application/json' }],
    ['a HEAD', {}, 'HEAD'],
  ])('leaves %s to Next', async (_name, headers, method) => {
    await get('/about');
    await get('/about', headers, method);
    expect(rendered).toBe(2);
  });

  it('answers other cookies from the copy', async () => {
    await get('/about');
    expect((await seen(await get('/about', { cookie: 'theme=dark' }))).rendered).toBe('1');
  });

  it('drops the oldest copies past its byte budget', async () => {
    answer = { body: 'y'.repeat(1000) };
    for (const path of ['/a', '/b', '/c', '/d', '/e']) await get(path);
    expect(held.size()).toEqual({ copies: 4, bytes: 4000 });
    await get('/a');
    expect(rendered).toBe(6);
    await get('/e');
    expect(rendered).toBe(6);
  });
});

describe("held answers to Next's client router", () => {
  const prefetch = (path = '/services?_rsc=abc', headers: Record<string, string> = {}) => get(path, { ...ROUTER_PREFETCH_HEADERS, ...headers });

  it("answers a repeat prefetch of a cached page with Next's bytes and headers, without Next", async () => {
    const first = await seen(await prefetch());
    expect(first).toMatchObject({
      status: 200,
      etag: null,
      cacheControl: PAGE_CACHE_CONTROL,
      rendered: '1',
      body: 'payload of /services?_rsc=abc (/_tree) for W/"edition-1"',
    });
    const again = await prefetch();
    expect(again.headers.get('content-type')).toBe('text/x-component');
    expect(await seen(again)).toEqual({ ...first, contentLength: String(Buffer.byteLength(first.body)) });
    expect(rendered).toBe(1);
    expect(held.size()).toEqual({ copies: 1, bytes: Buffer.byteLength(first.body) });
  });

  it("keeps an answer per router header: another segment, state tree, page it is asked from, or a link's whole payload goes to Next", async () => {
    await prefetch();
    const others: Record<string, string>[] = [
      { 'next-router-segment-prefetch': '/services/__PAGE__' },
      { 'next-url': '/contact' },
      { 'next-router-state-tree': '%5B%22%22%5D' },
      { 'next-router-prefetch': '', 'next-router-segment-prefetch': '' },
      { 'accept-encoding': 'gzip' },
    ];
    for (const headers of others) await prefetch('/services?_rsc=abc', headers);
    expect(rendered).toBe(6);
    expect((await seen(await prefetch('/services?_rsc=abc', others[0]))).body).toBe('payload of /services?_rsc=abc (/services/__PAGE__) for W/"edition-1"');
    expect(rendered).toBe(6);
  });

  it("keeps router answers apart from the page's document at the same address", async () => {
    await prefetch('/about');
    expect(await seen(await get('/about'))).toMatchObject({ rendered: '2', body: '<p>/about for W/"edition-1"</p>' });
    expect((await seen(await prefetch('/about'))).body).toBe('payload of /about (/_tree) for W/"edition-1"');
    expect(rendered).toBe(2);
  });

  it("drops a past edition's router answer: the next prefetch goes to Next, and its answer is held instead", async () => {
    await prefetch();
    edition = 'W/"edition-2"';
    expect(await seen(await prefetch())).toMatchObject({ rendered: '2', body: 'payload of /services?_rsc=abc (/_tree) for W/"edition-2"' });
    expect((await seen(await prefetch())).rendered).toBe('2');
  });

  it('never holds a router answer written while a publication moved the edition', async () => {
    answer = { publishMidway: true };
    await prefetch();
    answer = {};
    await prefetch();
    await prefetch();
    expect(rendered).toBe(2);
  });

  it('neither answers nor holds while the app must re-check its content edition', async () => {
    await prefetch();
    edition = null;
    await prefetch();
    await prefetch();
    expect(rendered).toBe(3);
  });

  it.each<[string, Answer]>([
    ["a page rendered for the request (proxy.ts's private answer)", { cacheControl: PRIVATE }],
    ['an answer that sets a cookie', { setCookie: 'visitor=1' }],
    ['a 404', { status: 404 }],
    ["another route's answer to the same headers (the API's JSON, whose reads are counted per client)", { contentType: 'application/json' }],
  ])('never holds %s', async (_name, given) => {
    answer = given;
    await prefetch();
    await prefetch();
    expect(rendered).toBe(2);
    expect(held.size()).toEqual({ copies: 0, bytes: 0 });
  });

  it('keeps router answers within a quarter of the byte budget, dropping the oldest first', async () => {
    // createHeldCopies({ maxBytes: 4096 }) in beforeEach: 1024 bytes for router answers.
    answer = { body: 'r'.repeat(400) };
    for (const path of ['/a', '/b', '/c']) await prefetch(path);
    expect(held.size()).toEqual({ copies: 2, bytes: 800 });
    await prefetch('/c');
    expect(rendered).toBe(3);
    await prefetch('/a');
    expect(rendered).toBe(4);
  });

  it('leaves the router of a visitor with a staff or draft-mode cookie to Next', async () => {
    await prefetch();
    await prefetch('/services?_rsc=abc', { cookie: 'staff_session=abc' });
    expect(rendered).toBe(2);
  });
});

describe('Brotli copies of held pages', () => {
  const BROTLI = 'gzip, deflate, br, zstd';
  /** The answer as sent: headers and undecoded bytes. */
  const raw = (path: string, acceptEncoding = BROTLI) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${origin}${path}`, { headers: { accept: 'text/html', 'accept-encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  /** Next's copy and the Brotli copy made from it, on the thread pool after Next's answer went out. */
  const brotliHeld = () =>
    eventually(
      () => held.size().copies,
      (copies) => copies === 2,
      'the Brotli copy held',
    );

  it("sends a browser that accepts br a Brotli copy made from Next's gzip: the same page and headers but the encoding", async () => {
    answer = { gzip: true };
    const first = await raw('/about');
    expect(first.headers['content-encoding']).toBe('gzip');
    await brotliHeld();
    const brotli = await raw('/about');
    expect(brotliDecompressSync(brotli.body).toString()).toBe('<p>/about for W/"edition-1"</p>');
    expect(brotli.headers).toMatchObject({
      'content-encoding': 'br',
      'content-length': String(brotli.body.length),
      etag: 'W/"edition-1"',
      'cache-control': PAGE_CACHE_CONTROL,
      'content-type': 'text/html; charset=utf-8',
      vary: 'rsc, Accept-Encoding',
      'x-rendered': '1',
    });
    // Said in another order, with weights: the same copy, still without Next.
    expect((await raw('/about', 'br;q=1, gzip;q=0.5')).body.equals(brotli.body)).toBe(true);
    expect(rendered).toBe(1);
  });

  it("keeps Next's answer to `Accept-Encoding: br` apart from the Brotli copy, and sends that copy after it", async () => {
    const first = await raw('/about', 'br');
    expect(first.headers['content-encoding']).toBeUndefined();
    await brotliHeld();
    const brotli = await raw('/about', 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(first.body.toString());
    expect(rendered).toBe(1);
  });

  it("gives Next's answer to a client that does not accept br", async () => {
    await raw('/about');
    await brotliHeld();
    for (const acceptEncoding of ['gzip', 'gzip, br;q=0', 'identity']) {
      const answered = await raw('/about', acceptEncoding);
      expect(answered.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(answered.body.toString()).toBe('<p>/about for W/"edition-1"</p>');
    }
  });

  it("never sends a past edition's Brotli copy: Next answers, and the new edition gets its own", async () => {
    await raw('/about');
    await brotliHeld();
    edition = 'W/"edition-2"';
    const afterPublishing = await raw('/about');
    expect([afterPublishing.headers['content-encoding'], afterPublishing.headers.etag, rendered]).toEqual([undefined, 'W/"edition-2"', 2]);
    await brotliHeld();
    const brotli = await raw('/about');
    expect(brotli.headers.etag).toBe('W/"edition-2"');
    expect(brotliDecompressSync(brotli.body).toString()).toBe('<p>/about for W/"edition-2"</p>');
    expect(rendered).toBe(2);
  });

  it('makes no Brotli copy of an answer that is not held', async () => {
    answer = { cacheControl: PRIVATE };
    for (let i = 1; i <= 3; i += 1) expect((await raw('/about')).headers['content-encoding']).toBeUndefined();
    expect(rendered).toBe(3);
    expect(held.size()).toEqual({ copies: 0, bytes: 0 });
  });
});
