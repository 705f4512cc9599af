// The web server's held copies of the build's static files (server/web-server.mjs). Everything under /_next/static/
// is named by a hash of its content and sent as `immutable`, yet Next reads each file again and compresses it again
// on every request: 3 to 20 ms of the web server's one thread per script on this kind of machine, for each visitor's
// first page. The web server keeps the bytes Next sent for such a request and answers the next identical one (same
// address and Accept-Encoding) with them. A build replaces the process, so a held file never goes stale. Ranges and
// conditional requests still go to Next, which answers them. The bytes are kept by copy-store.mjs.
// Next compresses with gzip only; a browser that accepts Brotli gets the build's Brotli copy of the file instead
// (scripts/build/precompress-static.mjs writes them), with the headers Next sent for the file: about 14 % fewer bytes.
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { acceptsBrotli, brotliHeadersOf, brotliKeyOf } from '../page-cache/brotli-copies.mjs';
import { createCopyStore } from '../page-cache/copy-store.mjs';

/** Where Next serves the build's hashed files. */
const STATIC_ASSET_PREFIX = '/_next/static/';

/** Partial and conditional requests: Next answers these (206, 304). */
const PASS_THROUGH_HEADERS = ['range', 'if-range', 'if-none-match', 'if-modified-since'];

/**
 * A file any client may get, the same forever: public, immutable, no cookie. Next sends its static files without an
 * ETag; one that had one is left to Next, since the store keeps a copy only while its ETag is the current one and a
 * static file has no edition to compare it with.
 */
export function isImmutableAnswer(values) {
  const directives = String(values['cache-control'] ?? '')
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim());
  return directives.includes('public') && directives.includes('immutable') && values['set-cookie'] === undefined && values.etag === undefined;
}

/** The address of a request that may use a held copy, else null. */
function heldAddressOf(request) {
  const url = request.url ?? '';
  if (request.method !== 'GET' || !url.startsWith(STATIC_ASSET_PREFIX) || url.includes('?')) return null;
  if (PASS_THROUGH_HEADERS.some((name) => request.headers[name] !== undefined)) return null;
  return url;
}

/**
 * The build's Brotli copies: each `<file>.br` under `<appDir>/.next/static`, by the address of its file. Only files
 * found here are ever read, so no address a client sends becomes a path. The folder is joined here, from the app's
 * folder the caller names: the release's tracer (scripts/release/build-release.mjs) copies any folder it sees joined
 * from a known path in the web server, and .next is the whole build.
 * @returns {Map<string, string>}
 */
export function brotliCopiesIn(appDir) {
  const folder = path.join(appDir, '.next', 'static');
  if (!existsSync(folder)) return new Map();
  const copies = new Map();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.br')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const address = STATIC_ASSET_PREFIX + path.relative(folder, file).split(path.sep).join('/').slice(0, -'.br'.length);
    copies.set(address, file);
  }
  return copies;
}

/**
 * Holds at most `maxBytes` of files (each at most `maxCopyBytes`), oldest dropped first. The build's whole
 * /_next/static folder is under 1 MB (28 files), so every file fits, in each encoding asked for.
 * `brotliCopies` (brotliCopiesIn) names the build's Brotli copies; without it, every answer is Next's.
 */
export function createHeldStaticAssets({ maxBytes = 16 * 2 ** 20, maxCopyBytes = 2 * 2 ** 20, brotliCopies = new Map() } = {}) {
  const store = createCopyStore({ maxBytes, maxCopyBytes, shareable: isImmutableAnswer });
  // Immutable answers carry no ETag: a copy's "edition" is always the same, undefined.
  const noEtag = () => undefined;

  /** A file's Brotli copy: the build's bytes, with the headers Next sent for the file. */
  const brotliFrom = (brotliFile) => async (nextCopy) => ({ etag: undefined, headers: brotliHeadersOf(nextCopy.headers), body: await readFile(brotliFile) });

  return {
    /** Answers from a held copy and returns true; otherwise watches Next's answer (to hold it) and returns false. */
    answer(request, response) {
      const address = heldAddressOf(request);
      if (address === null) return false;
      const acceptEncoding = request.headers['accept-encoding'] ?? '';
      const nextKey = `${address}\n${acceptEncoding}`;
      const brotliKey = brotliKeyOf(address);
      const brotliFile = acceptsBrotli(acceptEncoding) ? brotliCopies.get(address) : undefined;
      const copy = store.current(brotliFile ? brotliKey : nextKey, undefined);
      if (copy) {
        store.send(response, copy);
        return true;
      }
      // Next answers the first request for a file: its headers are the ones the held copies carry.
      store.watch(response, nextKey, noEtag, { beside: brotliFile ? { key: brotliKey, make: brotliFrom(brotliFile) } : undefined });
      return false;
    },
    /** How many copies and bytes are held (for tests). */
    size: store.size,
  };
}
