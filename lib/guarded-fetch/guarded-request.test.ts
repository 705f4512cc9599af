import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../test-support/audit/local-server';
import { FIXTURE_TLS, startLocalServer } from '../../test-support/audit/local-server';
import { failureOf } from '../../test-support/guarded-fetch/safe-fetch-failure';
import { targetPolicy } from './fetch-target';
import type { GuardedRequestOptions } from './guarded-request';
import { sendGuardedRequest } from './guarded-request';

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

describe('sendGuardedRequest against local servers', () => {
  let receiver: LocalServer;
  let secure: LocalServer;
  const received: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] = [];

  beforeAll(async () => {
    receiver = await startLocalServer(async (request, response) => {
      const body = await bodyOf(request);
      received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      switch (request.url) {
        case '/hooks':
          response.writeHead(202, { 'content-type': 'text/plain' });
          return response.end('accepted');
        case '/moved':
          response.writeHead(308, { location: '/hooks' });
          return response.end('see /hooks');
        case '/chatty':
          response.writeHead(200, { 'content-type': 'text/plain' });
          return response.end('x'.repeat(10_000));
        case '/silent':
          return; // never answers
        default:
          response.writeHead(404);
          return response.end();
      }
    });
    secure = await startLocalServer(
      (_request, response) => {
        response.writeHead(200);
        response.end('over tls');
      },
      { tls: true },
    );
  });
  afterAll(async () => {
    await receiver.close();
    await secure.close();
  });

  const options = (extra: Partial<GuardedRequestOptions> = {}): GuardedRequestOptions => ({
    policy: targetPolicy([receiver.hostPort], { allowedPorts: 'any' }),
    timeoutMs: 2_000,
    maxResponseBytes: 4096,
    ...extra,
  });
  const post = (path: string, extra?: Partial<GuardedRequestOptions>) =>
    sendGuardedRequest({ url: `${receiver.origin}${path}`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }, options(extra));

  it('sends the method, headers and body, and hands back the status and body', async () => {
    received.length = 0;
    const response = await post('/hooks');
    expect(response.status).toBe(202);
    expect(response.body.toString()).toBe('accepted');
    expect(response.truncated).toBe(false);
    expect(received).toEqual([expect.objectContaining({ method: 'POST', path: '/hooks', body: '{"a":1}' })]);
    expect(received[0]!.headers['content-type']).toBe('application/json');
  });

  it('follows no redirect: the 3xx comes back as it is, and its target is never asked', async () => {
    received.length = 0;
    const response = await post('/moved');
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe('/hooks');
    expect(received.map((request) => request.path)).toEqual(['/moved']);
  });

  it('reads the answer up to the cap and no further', async () => {
    const response = await post('/chatty');
    expect(response.body.length).toBe(4096);
    expect(response.truncated).toBe(true);
  });

  it('gives up on a receiver that never answers at the deadline', async () => {
    const started = Date.now();
    const failure = await failureOf(post('/silent', { timeoutMs: 300 }));
    expect(failure.code).toBe('TIMEOUT');
    expect(failure.transient).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses a loopback address that is not allow-listed, without connecting', async () => {
    const before = receiver.connections();
    const failure = await failureOf(post('/hooks', { policy: targetPolicy([], { allowedPorts: 'any' }) }));
    expect(failure.code).toBe('ADDRESS_REFUSED');
    expect(receiver.connections()).toBe(before);
  });

  it('refuses a public name whose DNS answer has become private, and connects to nothing', async () => {
    const before = receiver.connections();
    const rebinding = targetPolicy([], { allowedPorts: 'any', resolveHost: async () => ['93.184.215.14', '10.0.0.7'] });
    const failure = await failureOf(
      sendGuardedRequest({ url: `http://hooks.ridgeline.example:${receiver.port}/hooks`, method: 'POST', headers: {} }, options({ policy: rebinding })),
    );
    expect(failure.code).toBe('ADDRESS_REFUSED');
    expect(receiver.connections()).toBe(before);
  });

  it('keeps the port rule of its policy', async () => {
    const failure = await failureOf(post('/hooks', { policy: targetPolicy([], { allowedPorts: [443] }) }));
    expect(failure.code).toBe('PORT_REFUSED');
  });

  it('speaks TLS to the name, connecting to the address the resolver gave', async () => {
    const policy = targetPolicy([`${FIXTURE_TLS.hostname}:${secure.port}`], { allowedPorts: 'any', resolveHost: async () => ['127.0.0.1'] });
    const response = await sendGuardedRequest(
      { url: `https://${FIXTURE_TLS.hostname}:${secure.port}/`, method: 'POST', headers: {} },
      options({ policy, trustedCertificates: [FIXTURE_TLS.cert] }),
    );
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('over tls');
  });

  it('fails to connect to a closed port as a connection failure, worth another try', async () => {
    const closed = await startLocalServer(() => {});
    await closed.close();
    const failure = await failureOf(
      sendGuardedRequest(
        { url: `${closed.origin}/`, method: 'POST', headers: {} },
        options({ policy: targetPolicy([closed.hostPort], { allowedPorts: 'any' }) }),
      ),
    );
    expect(failure.code).toBe('CONNECTION_FAILED');
    expect(failure.transient).toBe(true);
  });
});
