import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '@/test-support/eventually';
import { brotliCopiesIn, createHeldStaticAssets, isImmutableAnswer, type HeldStaticAssets } from './held-static-assets.mjs';

/**
 * The web server's held copies of the build's static files, over real HTTP. Next's side is played by a stand-in that
 * answers like Next's static file serving (immutable, Last-Modified, gzip when asked for, 206 for a range) and
 * counts what it serves.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = 'self.chunk = "the same bytes for every visitor";'.repeat(8);

interface Answer {
  status?: number;
  cacheControl?: string;
  etag?: string;
  setCookie?: string;
}
let answer: Answer = {};
let served = 0;

function nextStandIn(request: http.IncomingMessage, response: http.ServerResponse) {
  served += 1;
  const { status = 200, cacheControl = IMMUTABLE, etag, setCookie } = answer;
  response.setHeader('Cache-Control', cacheControl);
  response.setHeader('Content-Type', 'application/javascript; charset=UTF-8');
  response.setHeader('Last-Modified', 'Fri, 27 Nov 2026 04:52:57 GMT');
  response.setHeader('Vary', 'Accept-Encoding');
  response.setHeader('X-Served', String(served));
  if (etag) response.setHeader('ETag', etag);
  if (setCookie) response.setHeader('Set-Cookie', setCookie);
  const body = `${SCRIPT} // ${request.url}`;
  if (request.headers.range) {
    response.writeHead(206, { 'Content-Range': `bytes 0-9/${body.length}` });
    response.end(body.slice(0, 10));
    return;
  }
  const gzip = (request.headers['accept-encoding'] ?? '').includes('gzip');
  if (gzip) response.setHeader('Content-Encoding', 'gzip');
  response.writeHead(status);
  const bytes = gzip ? gzipSync(body) : Buffer.from(body);
  // Written in two parts, as a stream is.
  response.write(bytes.subarray(0, 20));
  response.end(bytes.subarray(20));
}

let held: HeldStaticAssets;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (!held.answer(request, response)) nextStandIn(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  held = createHeldStaticAssets({ maxBytes: 4096, maxCopyBytes: 1024 });
  answer = {};
  served = 0;
});

/** The raw answer, undecoded: status, headers and bytes. */
function get(path: string, headers: Record<string, string> = { 'accept-encoding': 'gzip' }, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(`${origin}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** The headers of an answer but those each answer has of its own (date, framing). */
function lasting(headers: http.IncomingHttpHeaders) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'transfer-encoding': _framing, 'content-length': _length, ...rest } = headers;
  return rest;
}

const CHUNK = '/_next/static/chunks/0abc123.js';

describe('held copies of the build static files', () => {
  it("answers a repeat request with Next's bytes and headers, without Next", async () => {
    const first = await get(CHUNK);
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.body).toString()).toBe(`${SCRIPT} // ${CHUNK}`);
    const again = await get(CHUNK);
    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    expect(lasting(again.headers)).toEqual(lasting(first.headers));
    expect(again.headers['content-length']).toBe(String(first.body.length));
    expect((await get(CHUNK)).headers['x-served']).toBe('1');
    expect(served).toBe(1);
    expect(held.size()).toEqual({ copies: 1, bytes: first.body.length });
  });

  it('keeps one copy per Accept-Encoding, so a client never gets an encoding it did not ask for', async () => {
    await get(CHUNK, { 'accept-encoding': 'gzip' });
    const plain = await get(CHUNK, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(`${SCRIPT} // ${CHUNK}`);
    const plainAgain = await get(CHUNK, { 'accept-encoding': 'identity' });
    expect(plainAgain.body.equals(plain.body)).toBe(true);
    expect(plainAgain.headers['content-encoding']).toBeUndefined();
    expect((await get(CHUNK, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    expect(served).toBe(2);
    expect(held.size().copies).toBe(2);
  });

  it('leaves ranges and conditional requests to Next, every time', async () => {
    await get(CHUNK);
    const partialOrConditional: Record<string, string>[] = [
      { range: 'bytes=0-9' },
      { 'if-range': 'Fri, 27 Nov 2026 04:52:57 GMT', range: 'bytes=0-9' },
      { 'if-modified-since': 'Fri, 27 Nov 2026 04:52:57 GMT' },
      { 'if-none-match': 'W/"x"' },
    ];
    for (const headers of partialOrConditional) {
      const before = served;
      await get(CHUNK, { 'accept-encoding': 'gzip', ...headers });
      expect(served, JSON.stringify(headers)).toBe(before + 1);
    }
    const partial = await get(CHUNK, { 'accept-encoding': 'gzip', range: 'bytes=0-9' });
    expect([partial.status, partial.body.toString()]).toEqual([206, 'self.chunk']);
  });

  it('leaves everything else to Next: other paths, queries, HEAD, and answers that are not immutable files', async () => {
    const twice = async (path: string, method = 'GET') => {
      const before = served;
      await get(path, { 'accept-encoding': 'gzip' }, method);
      await get(path, { 'accept-encoding': 'gzip' }, method);
      return served - before;
    };
    expect(await twice('/about')).toBe(2);
    expect(await twice('/_next/image?url=x')).toBe(2);
    expect(await twice(`${CHUNK}?v=2`)).toBe(2);
    expect(await twice(CHUNK, 'HEAD')).toBe(2);
    const notFiles: Answer[] = [
      { status: 404 },
      { cacheControl: 'public, max-age=60' },
      { cacheControl: 'private, max-age=31536000, immutable' },
      { setCookie: 'session=abc' },
      { etag: 'W/"edition-1"' },
    ];
    for (const [index, refused] of notFiles.entries()) {
      answer = refused;
      expect(await twice(`/_next/static/chunks/refused-${index}.js`), JSON.stringify(refused)).toBe(2);
    }
    expect(held.size()).toEqual({ copies: 0, bytes: 0 });
  });

  it('drops the oldest copies past maxBytes', async () => {
    const sizes: number[] = [];
    for (let i = 0; i < 40; i += 1) sizes.push((await get(`/_next/static/chunks/${i}.js`, { 'accept-encoding': 'identity' })).body.length);
    const { copies, bytes } = held.size();
    expect(bytes).toBeLessThanOrEqual(4096);
    expect(bytes).toBe(sizes.slice(-copies).reduce((sum, size) => sum + size, 0));
    // The newest is held, the first was dropped.
    const before = served;
    await get('/_next/static/chunks/39.js', { 'accept-encoding': 'identity' });
    expect(served).toBe(before);
    await get('/_next/static/chunks/0.js', { 'accept-encoding': 'identity' });
    expect(served).toBe(before + 1);
  });
});

describe("the build's Brotli copies", () => {
  let appDir: string;
  const BROTLI = 'gzip, deflate, br, zstd';
  /** A Brotli copy of the file the stand-in serves at `address`, where the build step would write it. */
  const writeBrotliCopy = (address: string, text = `${SCRIPT} // ${address}`) => {
    const file = path.join(appDir, '.next/static', address.slice('/_next/static/'.length));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.br`, brotliCompressSync(text));
  };
  const withBrotliCopies = () => {
    held = createHeldStaticAssets({ maxBytes: 4096, maxCopyBytes: 1024, brotliCopies: brotliCopiesIn(appDir) });
  };

  beforeEach(() => {
    appDir = mkdtempSync(path.join(os.tmpdir(), 'held-static-'));
  });
  afterAll(() => rmSync(appDir, { recursive: true, force: true }));

  it('sends the Brotli copy to a client that accepts br, with the headers Next sent for the file', async () => {
    writeBrotliCopy(CHUNK);
    withBrotliCopies();
    const first = await get(CHUNK, { 'accept-encoding': BROTLI });
    expect(first.headers['content-encoding']).toBe('gzip');
    // The copy is read once Next's answer is held, after that answer went out: Next's and the Brotli copy.
    await eventually(
      () => held.size().copies,
      (copies) => copies === 2,
      'the Brotli copy held',
    );
    const brotli = await get(CHUNK, { 'accept-encoding': BROTLI });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(`${SCRIPT} // ${CHUNK}`);
    expect(lasting(brotli.headers)).toEqual({ ...lasting(first.headers), 'content-encoding': 'br' });
    expect(brotli.headers['content-length']).toBe(String(brotli.body.length));
    expect(served).toBe(1);
    // Said in another order or case, with a weight: still Brotli, still without Next.
    for (const acceptEncoding of ['br;q=0.9, gzip;q=1', 'BR']) {
      expect((await get(CHUNK, { 'accept-encoding': acceptEncoding })).headers['content-encoding']).toBe('br');
    }
    expect(served).toBe(1);
  });

  it("gives Next's encoding to a client that does not accept br, and to any file without a Brotli copy", async () => {
    writeBrotliCopy(CHUNK);
    withBrotliCopies();
    await get(CHUNK, { 'accept-encoding': BROTLI });
    await eventually(
      () => held.size().copies,
      (copies) => copies === 2,
      'the Brotli copy held',
    );
    for (const acceptEncoding of ['gzip', 'gzip, br;q=0', 'identity']) {
      const answer = await get(CHUNK, { 'accept-encoding': acceptEncoding });
      expect(answer.headers['content-encoding'], acceptEncoding).toBe(acceptEncoding === 'identity' ? undefined : 'gzip');
    }
    const other = '/_next/static/chunks/no-copy.js';
    for (let i = 0; i < 3; i += 1) expect((await get(other, { 'accept-encoding': BROTLI })).headers['content-encoding']).toBe('gzip');
  });

  it('holds no Brotli copy of an answer that is not an immutable file', async () => {
    writeBrotliCopy(CHUNK);
    withBrotliCopies();
    answer = { cacheControl: 'public, max-age=60' };
    for (let i = 0; i < 3; i += 1) expect((await get(CHUNK, { 'accept-encoding': BROTLI })).headers['content-encoding']).toBe('gzip');
    expect(served).toBe(3);
    expect(held.size()).toEqual({ copies: 0, bytes: 0 });
  });

  it('finds the copies by the addresses of their files, in every folder, and nothing else', () => {
    writeBrotliCopy('/_next/static/chunks/a.js');
    writeBrotliCopy('/_next/static/css/b.css');
    writeBrotliCopy('/_next/static/build-id/_buildManifest.js');
    writeFileSync(path.join(appDir, '.next/static/chunks/c.js'), 'not a copy');
    expect(new Map([...brotliCopiesIn(appDir)].sort())).toEqual(
      new Map([
        ['/_next/static/build-id/_buildManifest.js', path.join(appDir, '.next/static/build-id/_buildManifest.js.br')],
        ['/_next/static/chunks/a.js', path.join(appDir, '.next/static/chunks/a.js.br')],
        ['/_next/static/css/b.css', path.join(appDir, '.next/static/css/b.css.br')],
      ]),
    );
    expect(brotliCopiesIn(path.join(appDir, 'no-build'))).toEqual(new Map());
  });
});

describe('isImmutableAnswer', () => {
  it('takes only public, immutable answers without a cookie or an ETag', () => {
    expect(isImmutableAnswer({ 'cache-control': IMMUTABLE })).toBe(true);
    expect(isImmutableAnswer({ 'cache-control': 'Public, Immutable, max-age=31536000' })).toBe(true);
    expect(isImmutableAnswer({ 'cache-control': 'public, max-age=31536000' })).toBe(false);
    expect(isImmutableAnswer({ 'cache-control': 'no-store, immutable' })).toBe(false);
    expect(isImmutableAnswer({ 'cache-control': 'public, immutable-ish' })).toBe(false);
    expect(isImmutableAnswer({ 'cache-control': IMMUTABLE, 'set-cookie': ['a=b'] })).toBe(false);
    expect(isImmutableAnswer({ 'cache-control': IMMUTABLE, etag: '"x"' })).toBe(false);
    expect(isImmutableAnswer({})).toBe(false);
  });
});
