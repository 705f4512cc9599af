// The web server's held copies of the build's static files (server/web-server.mjs). Everything under /_next/static/
// is named by a hash of its content and sent as `immutable`, yet Next reads each file again and compresses it again
// on every request: 3 to 20 ms of the web server's one thread per script on this kind of machine, for each visitor's
// first page. The web server keeps the bytes Next sent for such a request and answers the next identical one (same
// address and Accept-Encoding) with them. A build replaces the process, so a held file never goes stale. Ranges and
// conditional requests still go to Next, which answers them. The bytes are kept by copy-store.mjs.
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

/** The held copy's key for a request that may use one, else null. */
function keyOf(request) {
  const url = request.url ?? '';
  if (request.method !== 'GET' || !url.startsWith(STATIC_ASSET_PREFIX) || url.includes('?')) return null;
  if (PASS_THROUGH_HEADERS.some((name) => request.headers[name] !== undefined)) return null;
  return `${url}\n${request.headers['accept-encoding'] ?? ''}`;
}

/**
 * Holds at most `maxBytes` of files (each at most `maxCopyBytes`), oldest dropped first. The build's whole
 * /_next/static folder is under 1 MB (28 files), so every file fits, in each encoding asked for.
 */
export function createHeldStaticAssets({ maxBytes = 16 * 2 ** 20, maxCopyBytes = 2 * 2 ** 20 } = {}) {
  const store = createCopyStore({ maxBytes, maxCopyBytes, shareable: isImmutableAnswer });
  // Immutable answers carry no ETag: a copy's "edition" is always the same, undefined.
  const noEtag = () => undefined;
  return {
    /** Answers from a held copy and returns true; otherwise watches Next's answer (to hold it) and returns false. */
    answer(request, response) {
      const key = keyOf(request);
      if (key === null) return false;
      const copy = store.current(key, undefined);
      if (copy) {
        store.send(response, copy);
        return true;
      }
      store.watch(response, key, noEtag);
      return false;
    },
    /** How many copies and bytes are held (for tests). */
    size: store.size,
  };
}
