import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/test-server.mjs';
import type { TestServer } from '../../test-support/test-server.mjs';
import { requestFrom } from '../../test-support/http/request-from';
import { openTestSql } from '../../test-support/test-sql';

/** The web server of `npm start` (server/web-server.mjs): whom it believes, and how it stops. */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const inquiry = Buffer.from(
  JSON.stringify({
    companyName: 'Graceful Stops Ltd',
    contactName: 'Tom Drain',
    email: 'tom.drain@graceful.example',
    problemDescription: 'Our deploys cut requests off halfway.',
  }),
);

/** A POST whose body arrives in two parts, so the request is in flight for as long as the test wants. */
function slowPost(baseUrl: string) {
  let settle: (value: { status: number; body: string } | Error) => void = () => {};
  const outcome = new Promise<{ status: number; body: string } | Error>((resolve) => (settle = resolve));
  const request = http.request(`${baseUrl}/v1/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(inquiry.length) },
  });
  request.on('response', (response) => {
    let body = '';
    response.on('data', (chunk) => (body += chunk));
    response.on('end', () => settle({ status: response.statusCode ?? 0, body }));
  });
  request.on('error', settle);
  request.write(inquiry.subarray(0, 20));
  return { outcome, finish: () => request.end(inquiry.subarray(20)) };
}

const exitOf = (server: TestServer) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const web = server.server.web;
    if (web.exitCode !== null || web.signalCode !== null) resolve({ code: web.exitCode, signal: web.signalCode });
    else web.once('exit', (code, signal) => resolve({ code, signal }));
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('on SIGTERM', () => {
  it('stops accepting connections, finishes the request in flight, and exits 0', async () => {
    server = await startTestServer({ env: { JOB_RUNNER: 'off' } });
    const post = slowPost(server.baseUrl);
    await sleep(500);
    server.server.web.kill('SIGTERM');
    await sleep(500);
    await expect(fetch(`${server.baseUrl}/v1/health`)).rejects.toThrow();
    post.finish();
    const answer = await post.outcome;
    expect(answer).not.toBeInstanceOf(Error);
    expect((answer as { status: number }).status).toBe(200);
    expect(JSON.parse((answer as { body: string }).body)).toMatchObject({ supportTicket: expect.stringMatching(/^TOC-\d{4}-\d+$/) });
    expect(await exitOf(server)).toEqual({ code: 0, signal: null });
  });

  it('closes a request still running after WEB_SHUTDOWN_GRACE_MS and still exits 0', async () => {
    server = await startTestServer({ env: { JOB_RUNNER: 'off', WEB_SHUTDOWN_GRACE_MS: '1000' } });
    const post = slowPost(server.baseUrl);
    await sleep(500);
    const signalled = Date.now();
    server.server.web.kill('SIGTERM');
    expect(await exitOf(server)).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - signalled).toBeLessThan(5000);
    expect(await post.outcome).toBeInstanceOf(Error);
  });
});

describe('the client address', () => {
  it('is read from X-Forwarded-For only when the peer is in TRUSTED_PROXY', async () => {
    server = await startTestServer({ env: { JOB_RUNNER: 'off', TRUSTED_PROXY: '127.0.0.1' } });
    const claimed = { 'x-forwarded-for': '6.6.6.6, 198.51.100.20' };
    expect((await requestFrom('127.0.0.1', `${server.baseUrl}/v1/services`, { headers: claimed })).status).toBe(200);
    expect((await requestFrom('127.0.0.2', `${server.baseUrl}/v1/services`, { headers: claimed })).status).toBe(200);
    const database = openTestSql(server.databaseUrl);
    const keys = (await database.all<{ key: string }>('SELECT "key" FROM "RateLimit" ORDER BY "key"')).map((row) => row.key);
    await database.close();
    // 127.0.0.1 is the trusted proxy, so its right-most reported hop is the client; 127.0.0.2 is not, so its claim is ignored.
    // (The start-up health checks came from 127.0.0.1 without the header.)
    expect(keys).toEqual(['reads:127.0.0.1', 'reads:127.0.0.2', 'reads:198.51.100.20']);
  });
});
