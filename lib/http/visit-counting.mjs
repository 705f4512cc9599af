// Analytics in the web server (server/web-server.mjs), the one place that sees every page answered: by Next and from a
// held copy alike. For each GET of a document it notes, once the answer is sent, whether it was a page (200 HTML, or a
// 304 that let the browser show its copy), and hands the request to the app's counter, which lib/site/visit-counter.ts
// publishes on globalThis (as the held-copy rules are). The counter only pushes it onto a batch: nothing here waits
// for the database. It also answers the page beacon at `/a` itself, without Next.

import { wallClockMs } from '../observability/wall-clock.mjs';
import { errorEnvelope } from './plain-error.mjs';

/** Where the app publishes its counter; see processSingleton in lib/process-singleton.ts. */
const COUNTER = Symbol.for('throughline:visit-counter');

/** The beacon's address (components/page-beacon.tsx). */
export const BEACON_PATH = '/a';
/** A beacon report is a few hundred bytes; anything longer is not one. */
const MAX_BEACON_BYTES = 4096;

/** Requests for something other than a document the visitor is shown: Next's router, prefetches, server actions. */
const NOT_A_VIEW_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch', 'next-action', 'sec-purpose', 'purpose'];

const counterOf = () => globalThis[COUNTER]?.current;

const BEACON_TOO_LARGE = errorEnvelope(413, 'PAYLOAD_TOO_LARGE', `A page report is at most ${MAX_BEACON_BYTES} bytes.`);
const NOT_A_REPORT = errorEnvelope(
  400,
  'BAD_REQUEST',
  'The body is not a page report: JSON {"t":"view","u":path} or {"t":"leave","u":path,"s":seconds,"d":percent}.',
);

function reply(response, { status, headers, body }) {
  response.writeHead(status, headers);
  response.end(body);
}

/**
 * The beacon: 204 for a page report (counted unless the visitor may not be, which the answer does not tell), 400 for
 * anything else, 413 past MAX_BEACON_BYTES (the rest is not read). With analytics off, 204 without reading it.
 */
function answerBeacon(request, response) {
  const at = wallClockMs();
  if (Number(request.headers['content-length']) > MAX_BEACON_BYTES) {
    response.setHeader('connection', 'close');
    return reply(response, BEACON_TOO_LARGE);
  }
  const chunks = [];
  let size = 0;
  request.on('data', (chunk) => {
    size += chunk.length;
    if (size <= MAX_BEACON_BYTES) chunks.push(chunk);
  });
  request.on('end', () => {
    if (size > MAX_BEACON_BYTES) return reply(response, BEACON_TOO_LARGE);
    const counter = counterOf();
    const body = Buffer.concat(chunks).toString('utf8');
    if (counter && !counter.beacon({ at, url: request.url, headers: request.headers, body })) return reply(response, NOT_A_REPORT);
    response.writeHead(204, { 'cache-control': 'no-store' });
    response.end();
  });
  request.on('error', () => response.destroy());
}

/** Whether the request carries a header that says it is not a document shown (a loop: this runs for every page). */
function notAView(headers) {
  for (const name of NOT_A_VIEW_HEADERS) if (headers[name] !== undefined) return true;
  return false;
}

/** When a counted request came in, and its URL as it came (Next may rewrite `request.url`), kept on its response until the answer is sent. */
const COUNTED_AT = Symbol('counted at');
const COUNTED_URL = Symbol('counted URL');

/**
 * Runs once the answer is sent (`this` is the response): counts it when it was a page (200 HTML, or a 304 that let the
 * browser show its copy). One function for every response, not a closure per request.
 */
function countWhenSent() {
  const counter = counterOf();
  if (!counter) return;
  const status = this.statusCode;
  // A held copy's headers go straight to writeHead and are not readable here; it is always an HTML page.
  const type = this.getHeader('content-type');
  if (status === 304 || (status === 200 && (type === undefined || String(type).startsWith('text/html')))) {
    counter.page({ at: this[COUNTED_AT], url: this[COUNTED_URL], headers: this.req.headers });
  }
}

/**
 * Counts the page this request is answered with, and answers the beacon. Returns true when it answered the request
 * (the beacon), false when the request goes on to be answered as usual.
 */
export function countVisit(request, response) {
  const { url = '/', method, headers } = request;
  if (method === 'POST' && (url === BEACON_PATH || url.startsWith(`${BEACON_PATH}?`))) {
    answerBeacon(request, response);
    return true;
  }
  if (method !== 'GET' || !(headers.accept ?? '').includes('text/html')) return false;
  if (!counterOf() || notAView(headers)) return false;
  response[COUNTED_AT] = wallClockMs();
  response[COUNTED_URL] = url;
  // `finish` comes once for a response: `on` spares the wrapper `once` makes.
  response.on('finish', countWhenSent);
  return false;
}
