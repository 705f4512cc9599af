// GET /metrics, two ways (the operator chooses; without either it does not exist, and the path is Next's 404):
//   - METRICS_PORT: a listener of its own that serves only /metrics, bound to METRICS_HOST (127.0.0.1 by default);
//   - METRICS_TOKEN: on the main port, to requests with `Authorization: Bearer <token>`; others get 401.
// Plain JavaScript because the web server runs it before anything is compiled.
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { errorEnvelope } from '../http/plain-error.mjs';
import { componentLogger } from './logger.mjs';
import { exposition } from './metrics.mjs';

export const METRICS_PATH = '/metrics';

/** How /metrics may be reached, from the environment. */
export function metricsAccess(env = process.env) {
  return {
    port: env.METRICS_PORT ? Number(env.METRICS_PORT) : null,
    host: env.METRICS_HOST || '127.0.0.1',
    token: env.METRICS_TOKEN || null,
  };
}

function sameSecret(given, expected) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a request on the main port carries the metrics token. */
export function hasMetricsToken(request, token) {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return Boolean(match && sameSecret(match[1], token));
}

/** Writes the scrape's answer: the Prometheus text format (HEAD: its headers). */
export async function answerScrape(request, response) {
  try {
    const { contentType, body } = await exposition();
    response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch (error) {
    componentLogger('metrics').error({ err: error }, 'could not collect the metrics');
    const failure = errorEnvelope(500, 'INTERNAL_ERROR', 'The metrics could not be collected.');
    response.writeHead(failure.status, failure.headers);
    response.end(failure.body);
  }
}

/** The answer to /metrics on the main port without the right token. */
export function unauthorizedScrape(response) {
  const refusal = errorEnvelope(401, 'UNAUTHORIZED', 'GET /metrics on this port needs Authorization: Bearer <METRICS_TOKEN>.');
  response.writeHead(refusal.status, { ...refusal.headers, 'www-authenticate': 'Bearer realm="metrics"' });
  response.end(refusal.body);
}

/** The separate metrics listener (METRICS_PORT). Resolves once it listens; `close()` stops it. */
export function startMetricsListener({ port, host }) {
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0];
    if (pathname === METRICS_PATH && (request.method === 'GET' || request.method === 'HEAD')) return void answerScrape(request, response);
    const missing = errorEnvelope(404, 'NOT_FOUND', 'This listener serves GET /metrics only.');
    response.writeHead(missing.status, missing.headers);
    response.end(missing.body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      componentLogger('metrics').info({ host, port }, `metrics on http://${host}:${port}${METRICS_PATH}`);
      resolve({ close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
