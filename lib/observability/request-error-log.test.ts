import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLog, type LogCapture } from '@/test-support/log-capture';
import { onRequestError } from '../../instrumentation';

let capture: LogCapture | undefined;
afterEach(() => {
  capture?.restore();
  vi.unstubAllEnvs();
});

const context = { routerKind: 'App Router', routePath: '/v1/services/[serviceId]', routeType: 'route', revalidateReason: undefined } as const;

describe("Next's onRequestError (instrumentation.ts)", () => {
  it('logs the error at error level with the request id the web server gave the request, its method and route', async () => {
    vi.stubEnv('NEXT_RUNTIME', 'nodejs');
    capture = captureLog('info');
    const error = new TypeError("Cannot read properties of undefined (reading 'name')");
    await onRequestError(error, { path: '/v1/services/x', method: 'GET', headers: { 'x-request-id': 'req-from-the-proxy-42' } }, context);
    expect(capture.lines).toHaveLength(1);
    expect(capture.lines[0]).toMatchObject({
      level: 'error',
      component: 'next',
      requestId: 'req-from-the-proxy-42',
      method: 'GET',
      route: '/v1/services/[serviceId]',
      routeType: 'route',
      msg: "GET /v1/services/[serviceId] failed: Cannot read properties of undefined (reading 'name')",
      err: { type: 'TypeError', message: "Cannot read properties of undefined (reading 'name')" },
    });
  });

  it('takes the first of repeated request ids, and logs nothing outside the Node.js runtime', async () => {
    vi.stubEnv('NEXT_RUNTIME', 'nodejs');
    capture = captureLog('info');
    await onRequestError(new Error('boom'), { path: '/', method: 'POST', headers: { 'x-request-id': ['first', 'second'] } }, context);
    vi.stubEnv('NEXT_RUNTIME', 'edge');
    await onRequestError(new Error('at the edge'), { path: '/', method: 'GET', headers: {} }, context);
    expect(capture.lines.map((line) => [line.requestId, line.msg])).toEqual([['first', 'POST /v1/services/[serviceId] failed: boom']]);
  });
});
