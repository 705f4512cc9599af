// What the web server (server/web-server.mjs) does around every request so that it can be watched: a request id
// (X-Request-Id), the request's span, the context its log lines carry, one access line when it ends, and the HTTP
// metrics. Plain JavaScript because the web server runs it before anything is compiled.
import { randomUUID } from 'node:crypto';
import { context, isSpanContextValid, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { componentLogger } from './logger.mjs';
import { metrics, statusClass } from './metrics.mjs';
import { tracer } from './trace-context.mjs';
import { tracingStarted } from './tracing.mjs';
import { withWorkContext } from './work-context.mjs';

export const REQUEST_ID_HEADER = 'x-request-id';
/** A request id a client or proxy sent is kept when it is a sane token: 1 to 128 visible ASCII characters. */
const SANE_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The access log's logger, made once (a child logger per request cost as much as the line it wrote). Its fields are
 * the fixed ones of `finish` below, none a redacted name, so it skips key redaction.
 */
let accessLog;

/** The id of a request: the incoming X-Request-Id when it is sane, else a new one. */
export function requestIdOf(header) {
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === 'string' && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** Counts the body bytes of an answer as they are written. */
function countBytes(response) {
  let bytes = 0;
  const count = (chunk, encoding) => {
    if (chunk && typeof chunk !== 'function')
      bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk, typeof encoding === 'string' ? encoding : 'utf8') : chunk.length;
  };
  const { write, end } = response;
  response.write = function (chunk, encoding, callback) {
    count(chunk, encoding);
    return write.call(this, chunk, encoding, callback);
  };
  response.end = function (chunk, encoding, callback) {
    count(chunk, encoding);
    return end.call(this, chunk, encoding, callback);
  };
  return () => bytes;
}

/**
 * Watches a request: `templateOf(pathname)` names its route; `client` is its address as the rate limiter sees it;
 * `quiet` routes (health probes, scrapes) log their access line at debug rather than info. Returns `run(handler)`,
 * which runs the handler inside the request's context and span, and `source(name)`, which records who answered
 * (held-copy, held-answer, held-asset, next, web-server).
 */
export function observeRequest(request, response, { templateOf, client, quiet = () => false }) {
  const started = process.hrtime.bigint();
  const requestId = requestIdOf(request.headers[REQUEST_ID_HEADER]);
  request.headers[REQUEST_ID_HEADER] = requestId;
  response.setHeader('X-Request-Id', requestId);
  const method = METHODS.has(request.method) ? request.method : 'OTHER';
  const pathname = (request.url ?? '/').split('?')[0];
  const route = templateOf(pathname);
  const bytes = countBytes(response);
  const series = metrics();
  series.httpRequestsInFlight.inc();

  // The request's span continues a trace the caller started (traceparent), and Next's spans continue this one. With
  // tracing off the API's no-op span would cost a context, a span object and two propagation passes per request for
  // nothing: there is none then.
  let span;
  let spanContext;
  if (tracingStarted()) {
    const parent = propagation.extract(context.active(), request.headers);
    span = tracer().startSpan(
      `${method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': method, 'http.route': route, 'url.scheme': 'http', 'client.address': client },
      },
      parent,
    );
    spanContext = trace.setSpan(parent, span);
    propagation.inject(spanContext, request.headers);
  }

  let answeredBy = 'next';
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const status = response.headersSent ? response.statusCode : 0;
    series.httpRequestsInFlight.dec();
    series.httpRequestDuration.observe({ method, route, status_class: status ? statusClass(status) : 'aborted' }, ms / 1000);
    series.httpResponses.inc({ source: answeredBy });
    if (span) {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500 || status === 0) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    const line = {
      method,
      route,
      status,
      ms: Math.round(ms * 10) / 10,
      bytes: bytes(),
      client,
      requestId,
      traceId: span && isSpanContextValid(span.spanContext()) ? span.spanContext().traceId : undefined,
    };
    accessLog ??= componentLogger('http', { redactKeys: false });
    accessLog[quiet(route) ? 'debug' : 'info'](line, `${method} ${route} ${status}`);
  };
  response.once('finish', finish);
  response.once('close', finish);

  return {
    requestId,
    route,
    source(name) {
      answeredBy = name;
    },
    run(handler) {
      return spanContext ? context.with(spanContext, () => withWorkContext({ requestId }, handler)) : withWorkContext({ requestId }, handler);
    },
  };
}
