import { createServer } from 'node:http';
import { freePort } from './free-port.mjs';

/**
 * An OpenTelemetry collector's front door for tests: OTLP/HTTP with JSON bodies (what
 * @opentelemetry/exporter-trace-otlp-http sends to `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`), keeping every span it
 * receives, flattened. Point a server at it with OTEL_EXPORTER_OTLP_ENDPOINT=receiver.url.
 */

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** 1 internal, 2 server, 3 client, 4 producer, 5 consumer (OTLP's SpanKind). */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** 0 unset, 1 ok, 2 error. */
  status: number;
  /** The `throughline.process` resource attribute: web or runner. */
  process: string | undefined;
  serviceName: string | undefined;
  events: string[];
}

export interface OtlpReceiver {
  url: string;
  readonly spans: readonly ReceivedSpan[];
  /** Exports received and their bytes (counted with or without parsing). */
  readonly received: { exports: number; bytes: number };
  /** Request headers of the exports received (OTEL_EXPORTER_OTLP_HEADERS shows here). */
  readonly headers: readonly Record<string, string | string[] | undefined>[];
  close(): Promise<void>;
}

const valueOf = (value: AnyValue) =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue ?? ''));
const attributesOf = (list: KeyValue[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: KeyValue[];
        status?: { code?: number };
        events?: { name: string }[];
      }[];
    }[];
  }[];
}

/**
 * `parse: false` only accepts and counts what arrives, as a collector's front door does before handing it on: for a
 * benchmark whose load generator shares this process, which must not spend its time parsing spans.
 */
export async function startOtlpReceiver({ parse = true }: { parse?: boolean } = {}): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const headers: Record<string, string | string[] | undefined>[] = [];
  const received = { exports: 0, bytes: 0 };
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.url !== '/v1/traces' || request.method !== 'POST' || !request.headers['content-type']?.startsWith('application/json')) {
        response.writeHead(404).end();
        return;
      }
      received.exports += 1;
      received.bytes += Buffer.byteLength(body);
      if (!parse) {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      headers.push(request.headers);
      const parsed = JSON.parse(body) as ExportRequest;
      for (const resourceSpans of parsed.resourceSpans ?? []) {
        const resource = attributesOf(resourceSpans.resource?.attributes);
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
              status: span.status?.code ?? 0,
              process: resource['throughline.process'] as string | undefined,
              serviceName: resource['service.name'] as string | undefined,
              events: (span.events ?? []).map((event) => event.name),
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    headers,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
