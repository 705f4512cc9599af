// Next's instrumentation hook (nodejs runtime only). register(): OpenTelemetry when an OTLP endpoint is configured
// (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; nothing otherwise), the series of /metrics that
// the database holds, the health watch that opens incidents and sends alerts, and the web server's visit counter.
// Under `npm start` the web server (server/web-server.mjs) has started tracing already, before Next loaded; under
// `next start` or `next dev` this does. onRequestError(): an error Next caught while answering, logged with the
// request id.
import type { Instrumentation } from 'next';

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startTracing } = await import('./lib/observability/tracing.mjs');
  await startTracing('web');
  const { watchThisInstance } = await import('./lib/domain/system/watch-instance');
  watchThisInstance();
  // Published when Next starts, before the first request (proxy.ts would publish it only once a request reached Next,
  // and a fresh instance counted no first page): the web server counts pages through it (lib/http/visit-counting.mjs).
  const { publishVisitCounter } = await import('./lib/site/visit-counter');
  publishVisitCounter();
}

export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { componentLogger } = await import('./lib/observability/logger.mjs');
  const requestId = request.headers['x-request-id'];
  componentLogger('next').error(
    {
      err: error,
      requestId: Array.isArray(requestId) ? requestId[0] : requestId,
      method: request.method,
      route: context.routePath,
      routeType: context.routeType,
    },
    `${request.method} ${context.routePath} failed: ${error instanceof Error ? error.message : String(error)}`,
  );
};
