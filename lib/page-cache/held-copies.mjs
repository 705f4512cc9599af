// The web server's held copies of cached pages (server/web-server.mjs). A content page's copy for the current content
// edition is the same bytes for every visitor who may use it (proxy.ts, lib/page-cache/*), yet each answer through
// Next costs its proxy pass, a rewrite, the route's lookup and an ISR cache read: more than the API's own answers.
// The web server keeps the bytes Next sent for such a request and answers the next identical request with them, as
// long as Next would answer it with the same copy: same address and Accept-Encoding, a visitor who may use cached
// pages, and the same edition, which the app decides (lib/page-cache/held-copy-rules.ts publishes its rules on
// globalThis, the only thing this plain module and the bundled app share in one process). Anything else goes to Next.
// The bytes are kept by copy-store.mjs, which the API's held answers share.
// A browser that accepts Brotli gets a Brotli copy, made from Next's gzip copy once it is held (brotli-copies.mjs):
// a quarter fewer bytes, so that even the longest article's page arrives in the first round trip of a connection.
import { acceptsBrotli, brotliCopyOf, brotliKeyOf } from './brotli-copies.mjs';
import { createCopyStore } from './copy-store.mjs';

/**
 * Brotli's quality for pages: a quarter smaller than Next's gzip in 3-5 ms of the thread pool per page. The highest
 * (11) saves 1-2 KB more a page for 110-180 ms, paid again for every page of every edition on every instance
 * (docs/performance.md, "Brotli copies of the static files and pages").
 */
const PAGE_BROTLI_QUALITY = 5;

/** Where the app publishes its rules; see processSingleton in lib/process-singleton.ts. */
const RULES = Symbol.for('throughline:held-copy-rules');

/** Request headers of Next's client router and of conditional or partial requests: these always go to Next. */
const PASS_THROUGH_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-action',
  'if-none-match',
  'if-modified-since',
  'range',
];

/** The rules the app published (lib/page-cache/held-copy-rules.ts), or undefined before proxy.ts first loads. */
export function heldCopyRules() {
  return globalThis[RULES]?.current;
}

function cookieNames(cookieHeader) {
  if (!cookieHeader) return [];
  return cookieHeader
    .split(';')
    .map((pair) => pair.split('=')[0].trim())
    .filter(Boolean);
}

/** Whether a request may be answered from a held copy. */
function mayUseCopy(request, appRules) {
  if (request.method !== 'GET' || !appRules) return false;
  const { headers } = request;
  if (!(headers.accept ?? '').toLowerCase().includes('text/html')) return false;
  if (PASS_THROUGH_HEADERS.some((name) => headers[name] !== undefined)) return false;
  return appRules.mayUseCopy(cookieNames(headers.cookie));
}

/**
 * Holds at most `maxBytes` of copies (each at most `maxCopyBytes`), oldest dropped first; a copy of a past edition is
 * dropped when it is next asked for.
 */
export function createHeldCopies({ maxBytes = 32 * 2 ** 20, maxCopyBytes = 2 ** 20 } = {}) {
  const store = createCopyStore({ maxBytes, maxCopyBytes });
  /** A page's Brotli copy, made from Next's copy once that is held. */
  const brotliOf = (copy) => brotliCopyOf(copy, PAGE_BROTLI_QUALITY);

  return {
    /**
     * Answers the request from a held copy when Next would answer it with the same bytes, and returns true; otherwise
     * watches Next's answer (to hold it if it is a copy) and returns false.
     */
    answer(request, response) {
      const appRules = heldCopyRules();
      if (!mayUseCopy(request, appRules)) return false;
      const currentEtag = () => appRules.currentCopyEtag();
      const acceptEncoding = request.headers['accept-encoding'] ?? '';
      const nextKey = `${request.url}\n${acceptEncoding}`;
      const brotliKey = acceptsBrotli(acceptEncoding) ? brotliKeyOf(request.url) : null;
      const copy = store.current(brotliKey ?? nextKey, currentEtag());
      if (copy) {
        store.send(response, copy);
        return true;
      }
      store.watch(response, nextKey, currentEtag, brotliKey ? { key: brotliKey, make: brotliOf } : undefined);
      return false;
    },
    /** How many copies and bytes are held (for tests). */
    size: store.size,
  };
}
