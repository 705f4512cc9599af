// The web server's held copies of cached pages (server/web-server.mjs). A content page's copy for the current content
// edition is the same bytes for every visitor who may use it (proxy.ts, lib/page-cache/*), yet each answer through
// Next costs its proxy pass, a rewrite, the route's lookup and an ISR cache read: more than the API's own answers.
// The web server keeps the bytes Next sent for such a request and answers the next identical request with them, as
// long as Next would answer it with the same copy: same address and Accept-Encoding, a visitor who may use cached
// pages, and the same edition, which the app decides (lib/page-cache/held-copy-rules.ts publishes its rules on
// globalThis, the only thing this plain module and the bundled app share in one process). Anything else goes to Next.
// The bytes are kept by copy-store.mjs, which the API's held answers share.
import { createCopyStore } from './copy-store.mjs';

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

/** The held copy's key for a request that may use one, else null. */
function keyOf(request, appRules) {
  if (request.method !== 'GET' || !appRules) return null;
  const { headers } = request;
  if (!(headers.accept ?? '').toLowerCase().includes('text/html')) return null;
  if (PASS_THROUGH_HEADERS.some((name) => headers[name] !== undefined)) return null;
  if (!appRules.mayUseCopy(cookieNames(headers.cookie))) return null;
  return `${request.url}\n${headers['accept-encoding'] ?? ''}`;
}

/**
 * Holds at most `maxBytes` of copies (each at most `maxCopyBytes`), oldest dropped first; a copy of a past edition is
 * dropped when it is next asked for.
 */
export function createHeldCopies({ maxBytes = 32 * 2 ** 20, maxCopyBytes = 2 ** 20 } = {}) {
  const store = createCopyStore({ maxBytes, maxCopyBytes });
  return {
    /**
     * Answers the request from a held copy when Next would answer it with the same bytes, and returns true; otherwise
     * watches Next's answer (to hold it if it is a copy) and returns false.
     */
    answer(request, response) {
      const appRules = heldCopyRules();
      const key = keyOf(request, appRules);
      if (key === null) return false;
      const copy = store.current(key, appRules.currentCopyEtag());
      if (copy) {
        store.send(response, copy);
        return true;
      }
      store.watch(response, key, () => appRules.currentCopyEtag());
      return false;
    },
    /** How many copies and bytes are held (for tests). */
    size: store.size,
  };
}
