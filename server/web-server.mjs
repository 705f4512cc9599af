#!/usr/bin/env node
// The web server of `npm start`: Next's production app (its documented custom-server API) behind node:http, so that
//   - the client's address is decided once per request, from the socket and TRUSTED_PROXY, and written into
//     X-Forwarded-For and X-Real-IP before Next sees the request. Next only fills X-Forwarded-For when the client
//     left it empty, so without this any client could name itself; now proxy.ts, route handlers, server actions,
//     rate limits and sign-in throttling all read an address they can trust. The other forwarded headers (host,
//     protocol, port) are removed unless the peer is a trusted proxy;
//   - a state-changing request from another site is refused with 403 before Next sees it (lib/http/request-origin.mjs);
//   - a URL or headers past their limits get 414 or 431, and a request Node cannot parse 400, all in the JSON error
//     envelope (lib/http/request-limits.mjs); an API path with an empty segment gets the API's 404, not Next's
//     redirect (lib/http/api-path.mjs);
//   - every answer carries Strict-Transport-Security when SITE_URL is https;
//   - every page answered is counted for analytics, and the page beacon at /a is answered (lib/http/visit-counting.mjs);
//     the views are worked out and written by a thread of their own (analytics-writer-thread.mjs);
//   - a repeat request for a content page's copy of the current edition is answered with the bytes Next sent for it
//     before, without Next (lib/page-cache/held-copies.mjs), and so is a repeat read of an API content answer under
//     the same build_stamp, counted against the client's reads limit (lib/http/held-api-answers.mjs), and a repeat
//     request for one of the build's static files (lib/http/held-static-assets.mjs), as Brotli when the browser
//     accepts it;
//   - every HTML document Next writes loads its scripts after its first frame (lib/http/rewritten-documents.mjs);
//   - every request gets an id (X-Request-Id), a span when tracing is on, one access line in the log when it ends and
//     its place in the HTTP metrics, all named by its route template, never its raw path
//     (lib/observability/request-observer.mjs); GET /livez answers here, and GET /metrics with METRICS_TOKEN, or on a
//     listener of its own on METRICS_PORT (lib/observability/metrics-endpoint.mjs);
//   - SIGTERM (or SIGINT) stops accepting connections, lets the requests in flight finish, and exits 0 within
//     WEB_SHUTDOWN_GRACE_MS; connections still open then are closed.
// Reads PORT, HOST, SITE_URL, TRUSTED_PROXY, WEB_SHUTDOWN_GRACE_MS, ANALYTICS, LOG_LEVEL, METRICS_* and OTEL_* (validated by
// lib/config.ts at `npm start`).
import './lean-heap.mjs';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_ADDRESS_HEADERS, FORWARDED_DETAIL_HEADERS, isTrustedProxy, parseTrustedProxies, resolveClientAddress } from '../lib/http/client-address.mjs';
import { emptySegmentRefusal } from '../lib/http/api-path.mjs';
import { crossOriginRefusal, SAFE_METHODS } from '../lib/http/request-origin.mjs';
import { MAX_HEADER_BYTES, MAX_URL_BYTES, parserRefusal, uriTooLong } from '../lib/http/request-limits.mjs';
import { rawResponse } from '../lib/http/plain-error.mjs';
import { createHeldCopies } from '../lib/page-cache/held-copies.mjs';
import { createHeldApiAnswers } from '../lib/http/held-api-answers.mjs';
import { brotliCopiesIn, createHeldStaticAssets } from '../lib/http/held-static-assets.mjs';
import { countVisit } from '../lib/http/visit-counting.mjs';
import { asksForDocument, rewriteDocuments } from '../lib/http/rewritten-documents.mjs';
import { strictTransportSecurityFor } from '../lib/security/security-headers.mjs';
import { componentLogger, logger, routeConsoleToLogger } from '../lib/observability/logger.mjs';
import { acceptRunnerSnapshot, metrics } from '../lib/observability/metrics.mjs';
import {
  answerScrape,
  hasMetricsToken,
  METRICS_PATH,
  metricsAccess,
  startMetricsListener,
  unauthorizedScrape,
} from '../lib/observability/metrics-endpoint.mjs';
import { observeRequest } from '../lib/observability/request-observer.mjs';
import { loadRouteTemplates } from '../lib/observability/route-templates.mjs';
import { pathWithoutTokens } from '../lib/observability/log-scrubber.mjs';
import { flushTraces, startTracing } from '../lib/observability/tracing.mjs';
import { startAnalyticsWriterThread } from './analytics-writer-thread.mjs';
import { compiledEntry } from './compiled.mjs';
import { beforeWebServerExit, runBeforeWebServerExit } from './shutdown-hooks.mjs';

// The process's logger and metrics are the web server's (their lines and series say so); what Next and libraries
// print goes through the logger too.
logger('web');
metrics('web');
routeConsoleToLogger();
const log = componentLogger('web-server');

/** Longer than a reverse proxy keeps idle upstream connections (nginx: 60 s), so the proxy always closes first. */
const KEEP_ALIVE_MS = 65_000;

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || '0.0.0.0';
const graceMs = Number(process.env.WEB_SHUTDOWN_GRACE_MS || 10_000);
const siteHost = process.env.SITE_URL ? new URL(process.env.SITE_URL).host : undefined;
// Transport security is the web server's business: every answer says so when the site is served over https.
const strictTransportSecurity = strictTransportSecurityFor(process.env.SITE_URL);

// With analytics on, page views are worked out and written by a thread of their own (analytics-writer-thread.mjs);
// without the compiled writer (a checkout never built) the app writes them on this thread, as before.
const analyticsWriterEntry = compiledEntry('analytics-writer');
if ((process.env.ANALYTICS || 'on') !== 'off' && existsSync(analyticsWriterEntry)) {
  const writer = startAnalyticsWriterThread({ entry: analyticsWriterEntry, log: (line) => log.warn(line) });
  // On SIGTERM, what the thread holds is written before the process exits.
  beforeWebServerExit(() => writer.stop());
}

const metricsSettings = metricsAccess();
/** Health probes and scrapes: their access lines are written at debug, not info, and /livez answers here. */
const PROBES = new Set(['/livez', '/readyz', METRICS_PATH]);

let trusted;
try {
  trusted = parseTrustedProxies(process.env.TRUSTED_PROXY);
} catch (error) {
  log.fatal(`TRUSTED_PROXY: ${error.message}`);
  process.exit(1);
}

// Before Next loads, so that its spans and Prisma's have a tracer to go to (when OTEL_EXPORTER_OTLP_* is set).
await startTracing('web');
process.env.NODE_ENV = 'production';
const { default: next } = await import('next');
const app = next({ dev: false, dir: projectRoot, hostname: host, port });
const handle = app.getRequestHandler();
await app.prepare();
const templateOf = loadRouteTemplates(projectRoot, ['/livez', ...(metricsSettings.token ? [METRICS_PATH] : [])]);
// Under the test servers the job runner process sends its metrics here (through server/serve.mjs) for /metrics to show
// (under `npm start` the runner thread's go straight to the metrics registry, see server/start.mjs).
process.on('message', (message) => {
  if (message?.type === 'metrics:snapshot') acceptRunnerSnapshot(message);
});

/** Answers a request here, without Next. */
function reply(response, { status, headers, body }) {
  response.writeHead(status, headers);
  response.end(body);
}

/** The path as Next resolves it (dot segments removed), so the origin rule is that of the route that would answer. */
function pathnameOf(url) {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return url;
  }
}

/** A refusal the request earns before Next sees it, or null. */
function refusalOf(request) {
  const urlBytes = Buffer.byteLength(request.url);
  if (urlBytes > MAX_URL_BYTES) return uriTooLong(urlBytes);
  const emptySegment = emptySegmentRefusal(request.url);
  if (emptySegment) return emptySegment;
  // Reads are never refused for their origin: no URL to parse for them.
  if (SAFE_METHODS.has(request.method)) return null;
  return crossOriginRefusal({
    method: request.method,
    pathname: pathnameOf(request.url),
    origin: request.headers.origin,
    hosts: [request.headers['x-forwarded-host'], request.headers.host, siteHost],
  });
}

/**
 * `/` is content-negotiated (proxy.ts): the home page for browsers, JSON for everything else, both cacheable. Next
 * writes its own Vary on pages, without Accept, so a shared cache (the shipped nginx, a CDN) would hand the cached
 * home page to a JSON client; every answer for `/` names Accept in its Vary, whoever wrote the rest.
 */
function varyOnAccept(request, response) {
  if ((request.url ?? '/').split('?')[0] !== '/') return;
  const writeHead = response.writeHead;
  response.writeHead = function (...args) {
    const vary = String(this.getHeader('vary') ?? '');
    if (!/(^|,)\s*accept\s*(,|$)/i.test(vary)) this.setHeader('vary', vary ? `${vary}, Accept` : 'Accept');
    return writeHead.apply(this, args);
  };
}

const heldCopies = createHeldCopies();
const heldApiAnswers = createHeldApiAnswers();
// The build's Brotli copies of its static files (scripts/build/precompress-static.mjs), sent to browsers that accept them.
const heldStaticAssets = createHeldStaticAssets({ brotliCopies: brotliCopiesIn(projectRoot) });

/** Next answers the request. */
function answerWithNext(request, response) {
  handle(request, response).catch((error) => {
    log.error({ err: error }, `Failed to handle ${request.method} ${pathWithoutTokens(request.url ?? '/')}`);
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
}

/** What the web server answers itself, before Next: true when it did (or will, for a held API answer). */
function answeredHere(request, response, observed, client) {
  const refusal = refusalOf(request);
  if (refusal) {
    observed.source('web-server');
    reply(response, refusal);
    return true;
  }
  const pathname = observed.route;
  if (pathname === '/livez' && (request.method === 'GET' || request.method === 'HEAD')) {
    observed.source('web-server');
    reply(response, { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: '{"status":"ok"}' });
    return true;
  }
  if (pathname === METRICS_PATH && metricsSettings.token) {
    observed.source('web-server');
    if (hasMetricsToken(request, metricsSettings.token)) void answerScrape(request, response);
    else unauthorizedScrape(response);
    return true;
  }
  if (heldStaticAssets.answer(request, response)) {
    observed.source('held-asset');
    return true;
  }
  if (countVisit(request, response)) {
    observed.source('web-server');
    return true;
  }
  const heldApiAnswer = { client, answered: () => observed.source('held-answer'), passToNext: () => answerWithNext(request, response) };
  if (heldApiAnswers.answer(request, response, heldApiAnswer)) return true;
  if (!heldCopies.answer(request, response)) return false;
  observed.source('held-copy');
  return true;
}

/** What a connection's peer is, decided once per connection (a keep-alive connection carries many requests). */
const PEER = Symbol('peer');
function peerOf(socket) {
  socket[PEER] ??= {
    address: resolveClientAddress({ socketAddress: socket.remoteAddress, forwardedFor: undefined, trusted }),
    trustedProxy: isTrustedProxy(socket.remoteAddress, trusted),
  };
  return socket[PEER];
}

/** The client of a request: the connection's peer, unless that is a trusted proxy that says whom it forwards. */
function clientOf(request, peer) {
  const forwardedFor = request.headers['x-forwarded-for'];
  if (!peer.trustedProxy || forwardedFor === undefined) return peer.address;
  return resolveClientAddress({ socketAddress: request.socket.remoteAddress, forwardedFor, trusted });
}

const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (request, response) => {
  varyOnAccept(request, response);
  const peer = peerOf(request.socket);
  const client = clientOf(request, peer);
  for (const header of CLIENT_ADDRESS_HEADERS) request.headers[header] = client;
  if (!peer.trustedProxy) for (const header of FORWARDED_DETAIL_HEADERS) delete request.headers[header];
  if (strictTransportSecurity) response.setHeader('strict-transport-security', strictTransportSecurity);
  const observed = observeRequest(request, response, { templateOf, client, quiet: (route) => PROBES.has(route) });
  observed.run(() => {
    if (answeredHere(request, response, observed, client)) return;
    if (asksForDocument(request)) rewriteDocuments(response);
    answerWithNext(request, response);
  });
});
server.keepAliveTimeout = KEEP_ALIVE_MS;
// Node's own answer to a request it cannot parse (headers too large, malformed) has no body; send the envelope instead.
server.on('clientError', (error, socket) => {
  // Node's own rule: answer only when no response on this connection has started, or the peer would read garbage.
  if (error.code !== 'ECONNRESET' && socket.writable && !socket._httpMessage?.headersSent) socket.end(rawResponse(parserRefusal(error.code)));
  else socket.destroy();
});
server.on('error', (error) => {
  log.fatal(`The web server could not start: ${error.message}`);
  process.exit(1);
});
server.listen(port, host, () => log.info(`web server ready on http://${host}:${port} (pid ${process.pid})`));
const metricsListener = metricsSettings.port
  ? await startMetricsListener(metricsSettings).catch((error) => {
      log.fatal(`The metrics listener could not start on ${metricsSettings.host}:${metricsSettings.port}: ${error.message}`);
      process.exit(1);
    })
  : null;

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: no new connections; finishing requests in flight (up to ${graceMs} ms)`);
  const closed = new Promise((resolve) => server.close(resolve));
  // A keep-alive connection becomes idle once its response is sent; close each as soon as it does.
  const closeIdle = setInterval(() => server.closeIdleConnections(), 50);
  server.closeIdleConnections();
  const finished = await Promise.race([closed.then(() => true), new Promise((resolve) => setTimeout(resolve, graceMs, false))]);
  clearInterval(closeIdle);
  if (!finished) {
    log.warn(`Requests still running after ${graceMs} ms; closing their connections.`);
    server.closeAllConnections();
  }
  await Promise.all([metricsListener?.close(), flushTraces(), runBeforeWebServerExit()]);
  process.exit(0);
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stop(signal));
