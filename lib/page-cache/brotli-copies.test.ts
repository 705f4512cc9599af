import { brotliDecompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsBrotli, brotliCopyOf, brotliHeadersOf } from './brotli-copies.mjs';

const PAGE = '<main><h1>Buffer management</h1><p>Red means act today.</p></main>'.repeat(40);

describe('acceptsBrotli', () => {
  it('reads br from Accept-Encoding, unless its weight is 0', () => {
    expect(acceptsBrotli('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsBrotli('br')).toBe(true);
    expect(acceptsBrotli(' BR ; q=0.5')).toBe(true);
    expect(acceptsBrotli('br;q=0')).toBe(false);
    expect(acceptsBrotli('gzip, br;q=0.000')).toBe(false);
    expect(acceptsBrotli('brotli, gzip')).toBe(false);
    expect(acceptsBrotli('*')).toBe(false);
    expect(acceptsBrotli('')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});

describe('brotliHeadersOf', () => {
  it("keeps Next's headers and their names, sets the encoding, and varies by Accept-Encoding", () => {
    expect(brotliHeadersOf({ 'Content-Type': 'text/html', 'Content-Encoding': 'gzip', Vary: 'rsc, Accept-Encoding', ETag: 'W/"1"' })).toEqual({
      'Content-Type': 'text/html',
      'Content-Encoding': 'br',
      Vary: 'rsc, Accept-Encoding',
      ETag: 'W/"1"',
    });
    expect(brotliHeadersOf({ 'content-type': 'text/css', vary: 'rsc' })).toEqual({
      'content-type': 'text/css',
      vary: 'rsc, Accept-Encoding',
      'content-encoding': 'br',
    });
    expect(brotliHeadersOf({})).toEqual({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
  });
});

describe('brotliCopyOf', () => {
  it("makes a Brotli copy of Next's gzip, deflate or plain bytes: the same page, its edition, smaller than gzip", async () => {
    for (const [encoding, body] of [
      ['gzip', gzipSync(PAGE)],
      ['deflate', deflateSync(PAGE)],
      [undefined, Buffer.from(PAGE)],
    ] as const) {
      const headers = { 'Content-Type': 'text/html', ...(encoding ? { 'Content-Encoding': encoding } : {}) };
      const copy = await brotliCopyOf({ etag: 'W/"edition-7"', headers, body }, 5);
      expect(copy?.etag, encoding).toBe('W/"edition-7"');
      expect(copy?.headers, encoding).toEqual(brotliHeadersOf(headers));
      expect(brotliDecompressSync(copy!.body).toString(), encoding).toBe(PAGE);
      expect(copy!.body.length, encoding).toBeLessThan(gzipSync(PAGE, { level: 9 }).length);
    }
  });

  it('keeps a copy that is Brotli already as it is', async () => {
    const copy = { etag: 'W/"1"', headers: { 'Content-Encoding': 'br' }, body: Buffer.from('already') };
    expect(await brotliCopyOf(copy, 5)).toBe(copy);
  });

  it('makes none from bytes in an encoding it cannot read, and fails on bytes that are not what they say', async () => {
    expect(await brotliCopyOf({ etag: undefined, headers: { 'content-encoding': 'zstd' }, body: Buffer.from('x') }, 5)).toBeUndefined();
    expect(await brotliCopyOf({ etag: undefined, headers: { 'content-encoding': 'constructor' }, body: Buffer.from('x') }, 5)).toBeUndefined();
    await expect(brotliCopyOf({ etag: undefined, headers: { 'content-encoding': 'gzip' }, body: Buffer.from('not gzip') }, 5)).rejects.toThrow();
  });
});
