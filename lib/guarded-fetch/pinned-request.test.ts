import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../test-support/audit/local-server';
import { startLocalServer } from '../../test-support/audit/local-server';
import { openPinnedResponse } from './pinned-request';

describe('openPinnedResponse traces each request under its own method', () => {
  const exporter = new InMemorySpanExporter();
  const received: string[] = [];
  let server: LocalServer;

  beforeAll(async () => {
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
    server = await startLocalServer((request, response) => {
      received.push(request.method ?? '');
      response.writeHead(207);
      response.end();
    });
  });
  afterAll(async () => {
    trace.disable();
    await server.close();
  });

  it.each([
    [undefined, 'GET'],
    ['POST', 'POST'],
    ['PUT', 'PUT'],
    ['REPORT', 'REPORT'],
  ])('method %s: sent and named %s', async (method, expected) => {
    exporter.reset();
    received.length = 0;
    const url = new URL(`${server.origin}/calendars/`);
    const target = { url, hostname: '127.0.0.1', port: server.port, addresses: [{ address: '127.0.0.1', family: 4 as const }] };
    const response = await openPinnedResponse(target, { method, headers: {}, body: method ? '<x/>' : undefined, signal: AbortSignal.timeout(5000) });
    response.resume();
    expect(received).toEqual([expected]);
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual([expected]);
    expect(spans[0]!.attributes).toEqual({
      'http.request.method': expected,
      'server.address': '127.0.0.1',
      'server.port': server.port,
      'url.scheme': 'http',
      'http.response.status_code': 207,
    });
  });
});
