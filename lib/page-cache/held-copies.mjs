// The web server's held copies of cached pages (server/web-server.mjs). A content page's copy for the current content
// edition is the same bytes for every visitor who may use it (proxy.ts, lib/page-cache/*), yet each answer through
// Next costs its proxy pass, a rewrite, the route's lookup and an ISR cache read: more than the API's own answers.
// The web server keeps the bytes Next sent for such a request and answers the next identical request with them, as
// long as Next would answer it with the same copy: same address and Accept-Encoding, a visitor who may use cached
// pages, and the same edition, which the app decides (lib/page-cache/held-copy-rules.ts publishes its rules on
// globalThis, the only thing this plain module and the bundled app share in one process). Anything else goes to Next.
// The bytes are kept by copy-store.mjs, which the API's held answers share.
// Next's client router asks for a page's payload (`RSC: 1`) for every link to it a visitor sees (a prefetch) and
// follows: for a content page that payload is a copy too, and through Next it costs about ten times what a held
// answer does (docs/performance.md, "Held router answers"), so it is held the same way, keyed by every router header.
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

/**
 * The headers of Next's client router (a prefetch, or the payload of a link followed), all of which Next's answer
 * varies with: each is part of a held router answer's key.
 */
const ROUTER_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch', 'next-url'];

/** Server actions, and conditional or partial requests: these always go to Next. */
const PASS_THROUGH_HEADERS = ['next-action', 'if-none-match', 'if-modified-since', 'range'];

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

/**
 * What a request asks for: 'router', the payload Next's client router fetches for a link (`RSC: 1`); 'page', a browser's
 * document; or null, neither (also used by lib/http/rewritten-documents.mjs).
 */
export function requestedKind(headers) {
  if (headers.rsc === '1') return 'router';
  if (ROUTER_HEADERS.some((name) => headers[name] !== undefined)) return null;
  return (headers.accept ?? '').toLowerCase().includes('text/html') ? 'page' : null;
}

/** 'page' or 'router' if a held copy may answer the request, else null. */
function heldKindOf(request, appRules) {
  if (request.method !== 'GET' || !appRules) return null;
  const { headers } = request;
  if (PASS_THROUGH_HEADERS.some((name) => headers[name] !== undefined)) return null;
  const kind = requestedKind(headers);
  // The cookies last: most requests that get here are neither kind.
  return kind !== null && appRules.mayUseCopy(cookieNames(headers.cookie)) ? kind : null;
}

/** The type of the payload Next's router gets for a page. */
const ROUTER_PAYLOAD_TYPE = 'text/x-component';

/**
 * A router answer any visitor who may use cached pages may get: a page's payload (never another route's answer, such
 * as the API's, whose reads are counted against each client's limit), of a cached page (proxy.ts sends those as
 * `public`), without a cookie. It carries no ETag (proxy.ts gives one to documents only): its edition is checked by
 * answerRouter below, not here.
 */
function isShareableRouterAnswer(values) {
  return (
    String(values['content-type'] ?? '').startsWith(ROUTER_PAYLOAD_TYPE) &&
    String(values['cache-control'] ?? '').startsWith('public') &&
    values['set-cookie'] === undefined
  );
}

/**
 * Holds at most `maxBytes` of copies (each at most `maxCopyBytes`), oldest dropped first; a copy of a past edition is
 * dropped when it is next asked for.
 */
export function createHeldCopies({ maxBytes = 32 * 2 ** 20, maxCopyBytes = 2 ** 20 } = {}) {
  const store = createCopyStore({ maxBytes, maxCopyBytes });
  // The router's answers are small (a prefetch of a page's tree is under 1 KB) and many: one per link a visitor sees.
  const routerStore = createCopyStore({ maxBytes: Math.ceil(maxBytes / 4), maxCopyBytes, shareable: isShareableRouterAnswer });
  /** A page's Brotli copy, made from Next's copy once that is held. */
  const brotliOf = (copy) => brotliCopyOf(copy, PAGE_BROTLI_QUALITY);

  /** A page's document: held by its address and Accept-Encoding, with a Brotli copy beside it. */
  function answerPage(request, response, currentEtag) {
    const acceptEncoding = request.headers['accept-encoding'] ?? '';
    const nextKey = `${request.url}\n${acceptEncoding}`;
    const brotliKey = acceptsBrotli(acceptEncoding) ? brotliKeyOf(request.url) : null;
    const copy = store.current(brotliKey ?? nextKey, currentEtag());
    if (copy) {
      store.send(response, copy);
      return true;
    }
    store.watch(response, nextKey, currentEtag, { beside: brotliKey ? { key: brotliKey, make: brotliOf } : undefined });
    return false;
  }

  /**
   * A router answer: held by its address, Accept-Encoding and every router header, for the edition that was current
   * when it was asked for, and only if that edition is still current once it is written (so the copy Next's proxy
   * chose in between was of that edition too: an edition, once past, never comes back).
   */
  function answerRouter(request, response, currentEtag) {
    const { headers } = request;
    const key = [request.url, headers['accept-encoding'] ?? '', ...ROUTER_HEADERS.map((name) => headers[name] ?? '')].join('\n');
    const askedFor = currentEtag();
    const copy = routerStore.current(key, askedFor);
    if (copy) {
      routerStore.send(response, copy);
      return true;
    }
    if (typeof askedFor === 'string') routerStore.watch(response, key, currentEtag, { editionOf: () => askedFor });
    return false;
  }

  return {
    /**
     * Answers the request from a held copy when Next would answer it with the same bytes, and returns true; otherwise
     * watches Next's answer (to hold it if it is a copy) and returns false.
     */
    answer(request, response) {
      const appRules = heldCopyRules();
      const kind = heldKindOf(request, appRules);
      if (kind === null) return false;
      const currentEtag = () => appRules.currentCopyEtag();
      return kind === 'page' ? answerPage(request, response, currentEtag) : answerRouter(request, response, currentEtag);
    },
    /** How many copies and bytes are held, documents and router answers together (for tests). */
    size: () => {
      const [pages, router] = [store.size(), routerStore.size()];
      return { copies: pages.copies + router.copies, bytes: pages.bytes + router.bytes };
    },
  };
}
