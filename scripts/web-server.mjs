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
import { strictTransportSecurityFor } from '../lib/security/security-headers.mjs';

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

const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (request, response) => {
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
