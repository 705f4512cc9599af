import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '@/test-support/eventually';
import { createCopyStore, type CopyStore, type HeldCopy as Copy } from './copy-store.mjs';

/**
 * The store's second copies (`watch`'s `beside`, the Brotli copies of held-copies.mjs and held-static-assets.mjs), over
 * real HTTP: a stand-in for Next writes a shareable answer, and a test's `make` decides when and what the second copy is.
 */
let edition = 'W/"1"';
let store: CopyStore;
let beside: { key: string; make: (copy: Copy) => Promise<Copy | undefined> };
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    store.watch(response, request.url ?? '', () => edition, { beside });
    response.writeHead(200, { 'Cache-Control': 'public, max-age=60', ETag: edition });
    response.end(`page for ${edition}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  edition = 'W/"1"';
  store = createCopyStore({ maxBytes: 4096, maxCopyBytes: 64 });
});

/** A `make` whose copies are ready when the test says so, counting how often it was asked. */
function madeOnRelease(body = 'second copy') {
  const made = { calls: 0, release: () => {} };
  const ready = new Promise<void>((resolve) => (made.release = resolve));
  const make = async (copy: Copy) => {
    made.calls += 1;
    await ready;
    return { etag: copy.etag, headers: { ...copy.headers, 'Content-Encoding': 'br' }, body: Buffer.from(body) };
  };
  return { made, make };
}

describe('a copy store’s second copies', () => {
  it('makes one at a time, however often the first is held meanwhile, and holds it beside the first', async () => {
    const { made, make } = madeOnRelease();
    beside = { key: '/about (second)', make };
    for (let i = 0; i < 4; i += 1) await fetch(`${origin}/about`);
    expect(made.calls).toBe(1);
    made.release();
    await eventually(
      () => store.size().copies,
      (copies) => copies === 2,
      'the second copy',
    );
    expect(store.current('/about (second)', 'W/"1"')?.body.toString()).toBe('second copy');
  });

  it('holds none made for an edition that is no longer current when it is ready', async () => {
    const { made, make } = madeOnRelease();
    beside = { key: '/about (second)', make };
    await fetch(`${origin}/about`);
    edition = 'W/"2"';
    made.release();
    // The next answer is held (with its own second copy being made): the first one's never is.
    beside = { key: '/about (second)', make: async () => undefined };
    await fetch(`${origin}/about`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.current('/about (second)', 'W/"1"')).toBeUndefined();
    expect(store.current('/about (second)', 'W/"2"')).toBeUndefined();
    expect(store.size().copies).toBe(1);
  });

  it('holds none larger than a copy may be, and none whose making failed', async () => {
    beside = { key: '/big (second)', make: async (copy) => ({ ...copy, body: Buffer.alloc(65) }) };
    await fetch(`${origin}/big`);
    beside = { key: '/broken (second)', make: async () => Promise.reject(new Error('not gzip')) };
    await fetch(`${origin}/broken`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.size().copies).toBe(2);
    expect(store.current('/big (second)', 'W/"1"')).toBeUndefined();
    expect(store.current('/broken (second)', 'W/"1"')).toBeUndefined();
  });
});
