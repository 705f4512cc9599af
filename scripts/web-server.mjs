#!/usr/bin/env node
// The web server of `npm start`: Next's production app (its documented custom-server API) behind node:http, so that
//   - the client's address is decided once per request, from the socket and TRUSTED_PROXY, and written into
//     X-Forwarded-For and X-Real-IP before Next sees the request. Next only fills X-Forwarded-For when the client
//     left it empty, so without this any client could name itself; now proxy.ts, route handlers, server actions,
//     rate limits and sign-in throttling all read an address they can trust. The other forwarded headers (host,
//     protocol, port) are removed unless the peer is a trusted proxy;
//   - every answer carries Strict-Transport-Security when SITE_URL is https;
//   - SIGTERM (or SIGINT) stops accepting connections, lets the requests in flight finish, and exits 0 within
//     WEB_SHUTDOWN_GRACE_MS; connections still open then are closed.
// Reads PORT, HOST, SITE_URL, TRUSTED_PROXY and WEB_SHUTDOWN_GRACE_MS (validated by lib/config.ts at `npm start`).
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_ADDRESS_HEADERS, FORWARDED_DETAIL_HEADERS, isTrustedProxy, parseTrustedProxies, resolveClientAddress } from '../lib/http/client-address.mjs';
import { NON_DOCUMENT_POLICY, strictTransportSecurityFor } from '../lib/security/security-headers.mjs';

/**
 * Node's default limit on request headers (16 KB) refuses long query strings with 431 before Next sees them;
 * search accepts 10,000-character queries, which URL-encoded can take three times that.
 */
const MAX_HEADER_BYTES = 64 * 1024;
/** Longer than a reverse proxy keeps idle upstream connections (nginx: 60 s), so the proxy always closes first. */
const KEEP_ALIVE_MS = 65_000;

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || '0.0.0.0';
const graceMs = Number(process.env.WEB_SHUTDOWN_GRACE_MS || 10_000);
// Transport security is the web server's business: every answer says so when the site is served over https.
const strictTransportSecurity = strictTransportSecurityFor(process.env.SITE_URL);

let trusted;
try {
  trusted = parseTrustedProxies(process.env.TRUSTED_PROXY);
} catch (error) {
  console.error(`TRUSTED_PROXY: ${error.message}`);
  process.exit(1);
}

process.env.NODE_ENV = 'production';
const { default: next } = await import('next');
const app = next({ dev: false, dir: projectRoot, hostname: host, port });
const handle = app.getRequestHandler();
await app.prepare();

/** What Next's header rules give every data answer (next.config.mjs), for the answers this server writes itself. */
const DATA_ANSWER_HEADERS = { 'content-type': 'application/json', 'x-content-type-options': 'nosniff', 'content-security-policy': NON_DOCUMENT_POLICY };

/**
 * A /v1 path with an empty segment (`/v1/services//testimonials`) names no operation. Next would answer it with a 308
 * to the path without the double slash, repeating the whole URL in two headers (over 20 KB with a long query, more
 * than HTTP clients with a 16 KB header limit accept); the API answers its JSON 404 instead, as for any unknown path.
 */
function answerEmptyApiSegment(request, response) {
  const pathname = (request.url ?? '/').split('?')[0];
  if (!/^\/v1(\/|$)/.test(pathname) || !pathname.includes('//')) return false;
  const body = JSON.stringify({ detail: 'No operation at this path: it has an empty segment. See /openapi.json for the operations of this API.', code: 'NOT_FOUND' });
  response.writeHead(404, { ...DATA_ANSWER_HEADERS, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
  response.end(request.method === 'HEAD' ? undefined : body);
  return true;
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

const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (request, response) => {
  if (answerEmptyApiSegment(request, response)) return;
  varyOnAccept(request, response);
  const client = resolveClientAddress({
    socketAddress: request.socket.remoteAddress,
    forwardedFor: request.headers['x-forwarded-for'],
    trusted,
  });
  for (const header of CLIENT_ADDRESS_HEADERS) request.headers[header] = client;
  if (!isTrustedProxy(request.socket.remoteAddress, trusted)) for (const header of FORWARDED_DETAIL_HEADERS) delete request.headers[header];
  if (strictTransportSecurity) response.setHeader('strict-transport-security', strictTransportSecurity);
  handle(request, response).catch((error) => {
    console.error(`Failed to handle ${request.method} ${request.url}`, error);
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
});
server.keepAliveTimeout = KEEP_ALIVE_MS;
// Requests Node refuses before any handler runs (headers over the limit, malformed HTTP) get the API's JSON envelope
// too, not Node's bare status line; then the connection is closed, since the rest of it cannot be trusted.
server.on('clientError', (error, socket) => {
  if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
  const [status, reason, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', { detail: `The request headers, the URL included, are larger than ${MAX_HEADER_BYTES} bytes.`, code: 'REQUEST_HEADERS_TOO_LARGE' }]
      : [400, 'Bad Request', { detail: 'The request is not valid HTTP.', code: 'BAD_REQUEST' }];
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\nContent-Security-Policy: ${NON_DOCUMENT_POLICY}\r\nCache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
});
server.on('error', (error) => {
  console.error('The web server could not start:', error.message);
  process.exit(1);
});
server.listen(port, host, () => console.log(`web server ready on http://${host}:${port} (pid ${process.pid})`));

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: no new connections; finishing requests in flight (up to ${graceMs} ms)`);
  const closed = new Promise((resolve) => server.close(resolve));
  // A keep-alive connection becomes idle once its response is sent; close each as soon as it does.
  const closeIdle = setInterval(() => server.closeIdleConnections(), 50);
  server.closeIdleConnections();
  const finished = await Promise.race([closed.then(() => true), new Promise((resolve) => setTimeout(resolve, graceMs, false))]);
  clearInterval(closeIdle);
  if (!finished) {
    console.warn(`Requests still running after ${graceMs} ms; closing their connections.`);
    server.closeAllConnections();
  }
  process.exit(0);
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stop(signal));
