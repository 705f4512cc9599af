// The store behind the web server's held answers (held-copies.mjs for cached pages, lib/http/held-api-answers.mjs for
// the API's content answers, lib/http/held-static-assets.mjs for the build's static files): it watches an answer Next
// writes, keeps its bytes and headers when the answer is fit to share, and hands them back while the copy's ETag is
// still the current one. Bounded in bytes, oldest dropped first.

/**
 * Per-answer or per-connection headers, never part of a copy: Node writes its own framing and date, the web server
 * gives every request its own id, and an API answer's RateLimit-* headers are the client's budget at that moment.
 */
const NOT_HELD_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'x-request-id',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
]);
/** An answer's edition, by default: its ETag. */
const etagOf = (values) => values.etag;

/** Next's report of whether its cache answered. */
const NEXT_CACHE_HEADER = 'x-nextjs-cache';

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

/**
 * A copy any client may get: shared caching allowed, no cookie, and the ETag the app says is current.
 * @param {Record<string, unknown>} values the answer's headers, lower-case names
 * @param {string | null} currentEtag
 */
export function isShareableAnswer(values, currentEtag) {
  return (
    String(values['cache-control'] ?? '').startsWith('public') && values['set-cookie'] === undefined && values.etag !== undefined && values.etag === currentEtag
  );
}

/**
 * Holds at most `maxBytes` of copies (each at most `maxCopyBytes`), oldest dropped first. `shareable` decides from an
 * answer's headers and the current ETag whether it may be held (isShareableAnswer unless the store says otherwise).
 * @param {{ maxBytes: number, maxCopyBytes: number, shareable?: (values: Record<string, unknown>, currentEtag: string | null | undefined) => boolean }} options
 */
export function createCopyStore({ maxBytes, maxCopyBytes, shareable = isShareableAnswer }) {
  const copies = new Map();
  let heldBytes = 0;
  /** Keys of second copies being made: a copy asked for again meanwhile is not made twice. */
  const making = new Set();

  const drop = (key) => {
    const copy = copies.get(key);
    if (!copy) return;
    copies.delete(key);
    heldBytes -= copy.body.length;
  };

  const holdBeside = ({ key, make }, copy, currentEtag) => {
    if (making.has(key)) return;
    making.add(key);
    make(copy)
      .then(
        (made) => {
          if (made && made.body.length <= maxCopyBytes && made.etag === currentEtag()) hold(key, made);
        },
        () => {},
      )
      .finally(() => making.delete(key));
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

  return {
    /** The copy held for `key` if its ETag is `currentEtag`; a copy of a past edition is dropped on the way. */
    current(key, currentEtag) {
      const copy = copies.get(key);
      if (!copy) return undefined;
      if (copy.etag === currentEtag) return copy;
      drop(key);
      return undefined;
    },

    /**
     * Watches Next's answer to `key` and holds it if it is a 200, whole, fit to share (the store's `shareable`), and still
     * of the current edition once written (a publication meanwhile makes it a past copy). An answer's edition is its
     * ETag, or what `editionOf` says for answers that carry none (the client router's, held-copies.mjs). `beside`, if
     * given, is a second copy made from the held one off the request (a Brotli copy, brotli-copies.mjs): it is made once
     * at a time, and held under `beside.key` if it fits and its ETag is still the current one when it is ready. One that
     * cannot be made is not held: Next's answer keeps being sent.
     * @param {() => string | null | undefined} currentEtag
     * @param {{
     *   beside?: { key: string, make: (copy: { etag: unknown, headers: Record<string, unknown>, body: Buffer }) => Promise<{ etag: unknown, headers: Record<string, unknown>, body: Buffer } | undefined> },
     *   editionOf?: (values: Record<string, unknown>) => unknown,
     * }} [options]
     */
    watch(response, key, currentEtag, { beside, editionOf = etagOf } = {}) {
      const chunks = [];
      let size = 0;
      let writtenHeaders;
      // Decided at the first byte, when the status and headers are final: most answers Next writes are not copies.
      let headers;
      let collecting;
      const { writeHead, write, end } = response;
      const collect = (chunk, encoding) => {
        if (collecting === undefined) {
          headers = headersOf(response, writtenHeaders);
          // Headers given to writeHead as a flat array are not read back here: such an answer is simply not held.
          collecting = response.statusCode === 200 && !Array.isArray(writtenHeaders) && shareable(headers.values, currentEtag());
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
        const edition = collecting ? editionOf(headers.values) : undefined;
        if (collecting && edition === currentEtag()) {
          const copy = { etag: edition, headers: headers.asWritten, body: Buffer.concat(chunks, size) };
          hold(key, copy);
          if (beside) holdBeside(beside, copy, currentEtag);
        }
        return end.call(this, chunk, encoding, ...rest);
      };
    },

    /** Sends a copy as a 200, with `extraHeaders` (per-answer ones) beside its own. */
    send(response, copy, extraHeaders) {
      response.writeHead(200, { ...copy.headers, ...extraHeaders, 'Content-Length': copy.body.length });
      response.end(copy.body);
    },

    /** How many copies and bytes are held (for tests). */
    size: () => ({ copies: copies.size, bytes: heldBytes }),
  };
}
