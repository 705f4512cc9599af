// The web server's held copies of cached pages (server/web-server.mjs). A content page's copy for the current content
// edition is the same bytes for every visitor who may use it (proxy.ts, lib/page-cache/*), yet each answer through
// Next costs its proxy pass, a rewrite, the route's lookup and an ISR cache read: more than the API's own answers.
// The web server keeps the bytes Next sent for such a request and answers the next identical request with them, as
// long as Next would answer it with the same copy: same address and Accept-Encoding, a visitor who may use cached
// pages, and the same edition, which the app decides (lib/page-cache/held-copy-rules.ts publishes its rules on
// globalThis, the only thing this plain module and the bundled app share in one process). Anything else goes to Next.

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
/** Per-answer or per-connection headers, never part of a held copy; Node writes its own. */
const NOT_HELD_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
/** Next's report of whether its cache answered. */
const NEXT_CACHE_HEADER = 'x-nextjs-cache';

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
 * The answer's headers, from those set and those writeHead was given, without per-answer ones: lower-case names to
 * read them, and the names as written to send them again the same way.
 */
function headersOf(response, written) {
  const values = { ...response.getHeaders() };
  const names = new Map(response.getRawHeaderNames().map((name) => [name.toLowerCase(), name]));
  if (written && !Array.isArray(written)) {
    for (const [name, value] of Object.entries(written)) {
      values[name.toLowerCase()] = value;
      names.set(name.toLowerCase(), name);
    }
  }
  for (const name of NOT_HELD_HEADERS) delete values[name];
  // The first answer of a copy may have been its render (MISS); every answer from the held copy is a hit, as Next's are.
  if (values[NEXT_CACHE_HEADER] !== undefined) values[NEXT_CACHE_HEADER] = 'HIT';
  const asWritten = Object.fromEntries(Object.entries(values).map(([name, value]) => [names.get(name) ?? name, value]));
  return { values, asWritten };
}

/** A copy of the current edition that any visitor may get: shared caching allowed, an ETag of the edition, no cookie. */
function isShareableCopy({ values }, appRules) {
  return (
    String(values['cache-control'] ?? '').startsWith('public') &&
    values['set-cookie'] === undefined &&
    values.etag !== undefined &&
    values.etag === appRules.currentCopyEtag()
  );
}

/**
 * Holds at most `maxBytes` of copies (each at most `maxCopyBytes`), oldest dropped first; a copy of a past edition is
 * dropped when it is next asked for.
 */
export function createHeldCopies({ maxBytes = 32 * 2 ** 20, maxCopyBytes = 2 ** 20 } = {}) {
  const copies = new Map();
  let heldBytes = 0;

  const drop = (key) => {
    const copy = copies.get(key);
    if (!copy) return;
    copies.delete(key);
    heldBytes -= copy.body.length;
  };

  const hold = (key, copy) => {
    drop(key);
    copies.set(key, copy);
    heldBytes += copy.body.length;
    for (const oldest of copies.keys()) {
      if (heldBytes <= maxBytes) break;
      drop(oldest);
    }
  };

  /** Watches Next's answer and holds it if it is the current edition's copy, whole, and fit to share. */
  const watch = (response, key, appRules) => {
    const chunks = [];
    let size = 0;
    let writtenHeaders;
    // Decided at the first byte, when the status and headers are final: most pages Next renders are not copies.
    let headers;
    let collecting;
    const { writeHead, write, end } = response;
    const collect = (chunk, encoding) => {
      if (collecting === undefined) {
        headers = headersOf(response, writtenHeaders);
        // Headers given to writeHead as a flat array are not read back here: such an answer is simply not held.
        collecting = response.statusCode === 200 && !Array.isArray(writtenHeaders) && isShareableCopy(headers, appRules);
      }
      if (!collecting || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(chunk);
      size += bytes.length;
      if (size > maxCopyBytes) collecting = false;
      else chunks.push(bytes);
    };
    response.writeHead = function (statusCode, ...rest) {
      writtenHeaders = rest.find((value) => value && typeof value === 'object');
      return writeHead.call(this, statusCode, ...rest);
    };
    response.write = function (chunk, encoding, ...rest) {
      collect(chunk, encoding);
      return write.call(this, chunk, encoding, ...rest);
    };
    response.end = function (chunk, encoding, ...rest) {
      collect(chunk, encoding);
      // Still the current edition once the whole answer is written: a publication meanwhile makes it a past copy.
      if (collecting && headers.values.etag === appRules.currentCopyEtag()) {
        hold(key, { etag: headers.values.etag, headers: headers.asWritten, body: Buffer.concat(chunks, size) });
      }
      return end.call(this, chunk, encoding, ...rest);
    };
  };

  return {
    /**
     * Answers the request from a held copy when Next would answer it with the same bytes, and returns true; otherwise
     * watches Next's answer (to hold it if it is a copy) and returns false.
     */
    answer(request, response) {
      const appRules = heldCopyRules();
      const key = keyOf(request, appRules);
      if (key === null) return false;
      const copy = copies.get(key);
      if (copy && copy.etag === appRules.currentCopyEtag()) {
        response.writeHead(200, { ...copy.headers, 'Content-Length': copy.body.length });
        response.end(copy.body);
        return true;
      }
      if (copy) drop(key);
      watch(response, key, appRules);
      return false;
    },
    /** How many copies and bytes are held (for tests). */
    size: () => ({ copies: copies.size, bytes: heldBytes }),
  };
}
