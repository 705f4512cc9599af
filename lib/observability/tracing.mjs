// OpenTelemetry's SDK, started when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and never otherwise: spans go over OTLP/HTTP to a collector. The standard
// variables apply as the SDK reads them: OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER(_ARG),
// OTEL_EXPORTER_OTLP_HEADERS, OTEL_BSP_*. Spans come from Next (each request), Prisma (@prisma/instrumentation: every
// query), the job runner (each job, continuing the trace of the request that enqueued it) and the ports (Stripe,
// SMTP, the audit fetcher; trace-context.mjs). Started once per process: by the web server before Next loads, by
// instrumentation.ts under `next start` or `next dev`, and by the job runner.

const STARTED = Symbol.for('throughline:tracing');
export const DEFAULT_SERVICE_NAME = 'throughline';

/** Whether the environment names an OTLP endpoint for traces. */
export function tracingConfigured(env = process.env) {
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT) && env.OTEL_SDK_DISABLED !== 'true';
}

/**
 * Starts tracing for this process (`role`: web, runner) when configured; does nothing otherwise, or when it already
 * runs. Resolves with a function that sends the spans still buffered (call it before exiting), or null.
 */
export async function startTracing(role) {
  if (!tracingConfigured()) return null;
  if (globalThis[STARTED]) return globalThis[STARTED];
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, resources, { PrismaInstrumentation, registerInstrumentations }] = await Promise.all(
    [
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@prisma/instrumentation'),
    ],
  );
  const resource = resources
    .resourceFromAttributes({ 'service.name': DEFAULT_SERVICE_NAME, 'throughline.process': role })
    .merge(resources.detectResources({ detectors: [resources.envDetector, resources.hostDetector, resources.processDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  // The global provider, W3C trace context propagation and the AsyncLocalStorage context manager.
  provider.register();
  registerInstrumentations({ tracerProvider: provider, instrumentations: [new PrismaInstrumentation()] });
  const flush = () => provider.forceFlush();
  globalThis[STARTED] = flush;
  return flush;
}

/** Sends the spans still buffered, when tracing runs (before a process exits). */
export async function flushTraces() {
  await globalThis[STARTED]?.().catch(() => {});
}
