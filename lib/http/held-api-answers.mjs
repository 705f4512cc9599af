// The web server's held copies of the API's content answers (server/web-server.mjs). A content answer under /v1 is a
// function of its address and the published content alone (its ETag is the build_stamp: lib/http/operation-handler.ts),
// yet each one through Next costs its routing, the route module's lookup and the Web Request and Response around it:
// with the bytes ready (lib/http/content-answers.ts), that was most of a /v1/services answer's time. The web server
// keeps the bytes and headers Next sent for such a request and answers the next identical request with them, as long
// as the app's content ETag is still theirs (lib/http/held-api-rules.ts publishes it on globalThis). The request still
// counts against the client's reads limit, through the app's own limiter, and gets its RateLimit-* headers. A client
// over its limit, a conditional request and anything that is not a plain GET go to Next.
import { createCopyStore } from '../page-cache/copy-store.mjs';

/** Where the app publishes its rules; see processSingleton in lib/process-singleton.ts. */
const RULES = Symbol.for('throughline:held-api-rules');

/** Conditional or partial requests, and Next's client-router headers (which change what Next answers): always Next's. */
const PASS_THROUGH_HEADERS = [
  'if-none-match',
  'if-modified-since',
  'range',
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-action',
];

/** The rules the app published (lib/http/held-api-rules.ts), or undefined before a content route first loads. */
export function heldApiRules() {
  return globalThis[RULES]?.current;
}

/** The held answer's key for a request that may use one, else null. */
function keyOf(request, appRules) {
  if (request.method !== 'GET' || !appRules || !request.url.startsWith('/v1/')) return null;
  const { headers } = request;
  if (PASS_THROUGH_HEADERS.some((name) => headers[name] !== undefined)) return null;
  return `${request.url}\n${headers['accept-encoding'] ?? ''}`;
}

/** Holds at most `maxBytes` of answers (each at most `maxCopyBytes`), oldest dropped first. */
export function createHeldApiAnswers({ maxBytes = 8 * 2 ** 20, maxCopyBytes = 2 ** 20 } = {}) {
  const store = createCopyStore({ maxBytes, maxCopyBytes });
  return {
    /**
     * Takes the request when a held answer may serve it, and returns true: the answer is sent once the client's read is
     * counted (`answered` is called then), or the request goes to `passToNext` if the client is over its limit or the
     * count failed. Otherwise watches Next's answer (to hold it if it is a content answer) and returns false.
     * A refused client's request is counted again by the route: harmless, as its window is spent either way.
     */
    answer(request, response, { client, answered, passToNext }) {
      const appRules = heldApiRules();
      const key = keyOf(request, appRules);
      if (key === null) return false;
      const copy = store.current(key, appRules.currentEtag());
      if (!copy) {
        store.watch(response, key, () => appRules.currentEtag());
        return false;
      }
      appRules.consumeRead(client).then(
        (decision) => {
          if (!decision.allowed) return passToNext();
          answered();
          store.send(response, copy, {
            'ratelimit-limit': String(decision.limit),
            'ratelimit-remaining': String(decision.remaining),
            'ratelimit-reset': String(decision.resetSeconds),
          });
        },
        () => passToNext(),
      );
      return true;
    },
    /** How many answers and bytes are held (for tests and the cache table in docs/performance.md). */
    size: store.size,
  };
}
