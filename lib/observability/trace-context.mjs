// The OpenTelemetry API side of tracing, which costs nothing while tracing is off (lib/observability/tracing.mjs
// starts the SDK only when an OTLP endpoint is configured): the active trace id for log lines, spans around outgoing
// calls, and the trace context a job row carries from the request that enqueued it to the run that does the work.
import { context, propagation, SpanKind, SpanStatusCode, trace, isSpanContextValid } from '@opentelemetry/api';

const TRACER_NAME = 'throughline';

export function tracer() {
  return trace.getTracer(TRACER_NAME);
}

/** The trace id of the active span, or undefined when there is none (tracing off, or outside any traced work). */
export function currentTraceId() {
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

/** Records `error` on `span` and marks it failed. */
export function recordError(span, error) {
  span.recordException(error instanceof Error ? error : new Error(String(error)));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/**
 * Runs `work(span)` in a new active span: an outgoing call (kind `client`, the default), or work of this process
 * (`internal`). A thrown error is recorded on the span and thrown again.
 */
export async function withSpan(name, { kind = 'client', attributes, parent } = {}, work) {
  const options = { kind: kind === 'internal' ? SpanKind.INTERNAL : kind === 'consumer' ? SpanKind.CONSUMER : SpanKind.CLIENT, attributes };
  return tracer().startActiveSpan(name, options, parent ?? context.active(), async (span) => {
    try {
      return await work(span);
    } catch (error) {
      recordError(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The active trace context as a W3C `traceparent` (with `tracestate` after a space when there is one), or null. */
export function activeTraceParent() {
  const carrier = {};
  propagation.inject(context.active(), carrier);
  if (!carrier.traceparent) return null;
  return carrier.tracestate ? `${carrier.traceparent} ${carrier.tracestate}` : carrier.traceparent;
}

/** The context a stored `activeTraceParent()` names, to continue its trace; the active context when there is none. */
export function contextOfTraceParent(stored) {
  if (!stored) return context.active();
  const [traceparent, tracestate] = stored.split(' ');
  return propagation.extract(context.active(), tracestate ? { traceparent, tracestate } : { traceparent });
}
