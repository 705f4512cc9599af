import http2 from 'node:http2';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@/test-support/eventually';
import { findNginx, startNginx, testNginxConfig } from '../../test-support/nginx.mjs';
import { startTestServer, TEST_RATE_LIMITS } from '../../test-support/test-server.mjs';
import type { TestServer } from '../../test-support/test-server.mjs';
import { requestFrom } from '../../test-support/http/request-from';
import { openTestSql } from '../../test-support/test-sql';
import { multipartBody } from '../../test-support/media/uploads';

/**
 * deploy/nginx.conf as shipped (only the instances, the port and the cache directory replaced) in front of an
 * instance that trusts it (TRUSTED_PROXY=127.0.0.1, nginx's address). Test clients connect to nginx from addresses of
 * their own (127.0.0.2 …), as visitors would from elsewhere.
 */
const nginx = findNginx();

describe.skipIf(!nginx)('deploy/nginx.conf', () => {
  it('passes nginx -t', () => {
    const checked = testNginxConfig(nginx!);
    expect(checked.output).toContain('test is successful');
    expect(checked.ok).toBe(true);
  });

  describe('in front of an instance', () => {
    let app: TestServer;
    let proxy: Awaited<ReturnType<typeof startNginx>>;
    beforeAll(async () => {
      app = await startTestServer({ env: { JOB_RUNNER: 'off', TRUSTED_PROXY: '127.0.0.1' } });
      proxy = await startNginx({ nginx: nginx!, upstreams: [new URL(app.baseUrl).host] });
    }, 120_000);
    afterAll(async () => {
      await proxy?.stop();
      await app?.stop();
    });

    const through = (client: string, path: string, init?: Parameters<typeof requestFrom>[2]) => requestFrom(client, `${proxy.baseUrl}${path}`, init);

    it('serves API content from its cache after the first request, without the rate-limit budget of anyone', async () => {
      const first = await through('127.0.0.2', '/v1/services?limit=2');
      const second = await through('127.0.0.3', '/v1/services?limit=2');
      expect([first.status, first.headers.get('x-cache-status')]).toEqual([200, 'MISS']);
      expect([second.status, second.headers.get('x-cache-status')]).toEqual([200, 'HIT']);
      expect(second.text).toBe(first.text);
      expect(first.headers.get('cache-control')).toBe('public, max-age=30, s-maxage=60, stale-while-revalidate=300');
      // Fresh from the app: its budget for 127.0.0.2. From the cache: nobody's.
      expect(first.headers.get('ratelimit-limit')).toBe(TEST_RATE_LIMITS.RATE_LIMIT_READS_PER_MINUTE);
      expect([second.headers.get('ratelimit-limit'), second.headers.get('ratelimit-remaining'), second.headers.get('ratelimit-reset')]).toEqual([
        null,
        null,
        null,
      ]);
    });

    it('keeps content pages, but never for a draft-mode or staff visitor, and keeps the home page and the discovery document of / apart', async () => {
      const page = [
        await through('127.0.0.2', '/about', { headers: { accept: 'text/html' } }),
        await through('127.0.0.3', '/about', { headers: { accept: 'text/html' } }),
      ];
      expect(page.map((answer) => [answer.status, answer.headers.get('x-cache-status')])).toEqual([
        [200, 'MISS'],
        [200, 'HIT'],
      ]);
      const drafts = await through('127.0.0.2', '/about', { headers: { accept: 'text/html', cookie: '__prerender_bypass=anything' } });
      expect([drafts.status, drafts.headers.get('x-cache-status'), drafts.headers.get('cache-control')]).toEqual([
        200,
        'BYPASS',
        'private, no-cache, no-store, max-age=0, must-revalidate',
      ]);
      // GET / is negotiated: with Accept in its Vary, nginx keeps one copy per kind of client.
      const home = await through('127.0.0.2', '/', { headers: { accept: 'text/html' } });
      await through('127.0.0.2', '/', { headers: { accept: 'text/html' } });
      const discovery = [
        await through('127.0.0.2', '/', { headers: { accept: 'application/json' } }),
        await through('127.0.0.3', '/', { headers: { accept: 'application/json' } }),
      ];
      expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(discovery.map((answer) => [answer.headers.get('content-type'), answer.headers.get('x-cache-status')])).toEqual([
        ['application/json', 'MISS'],
        ['application/json', 'HIT'],
      ]);
    });

    it('keeps the media library’s files for as long as they say (a year, immutable), and lets an upload past 1m through', async () => {
      const { image } = (await (await fetch(`${app.baseUrl}/v1/insights/buffer-management-red-zones`)).json()) as { image: { url: string } };
      const path = new URL(image.url).pathname;
      const answers = [await through('127.0.0.2', path), await through('127.0.0.3', path)];
      expect(
        answers.map((answer) => [answer.status, answer.headers.get('x-cache-status'), answer.headers.get('content-type'), answer.headers.get('cache-control')]),
      ).toEqual([
        [200, 'MISS', 'image/jpeg', 'public, max-age=31536000, immutable'],
        [200, 'HIT', 'image/jpeg', 'public, max-age=31536000, immutable'],
      ]);
      expect(answers[1]!.headers.get('etag')).toBe(answers[0]!.headers.get('etag'));
      // A 2 MB upload reaches the app (the server-wide limit is 1m); without a session the app answers it, not nginx.
      const { body, contentType } = multipartBody({ bytes: Buffer.alloc(2 * 1024 * 1024, 7), name: 'large.jpg' });
      const upload = await through('127.0.0.9', '/staff/media/upload', {
        method: 'POST',
        headers: { 'content-type': contentType, origin: proxy.baseUrl, accept: 'application/json' },
        body,
      });
      expect([upload.status, upload.body]).toEqual([401, { detail: 'Sign in as staff to upload images.', code: 'NOT_SIGNED_IN' }]);
    });

    it('never stores a no-store answer', async () => {
      const answers = [await through('127.0.0.2', '/v1/health'), await through('127.0.0.2', '/v1/health')];
      expect(answers.map((answer) => [answer.status, answer.headers.get('cache-control'), answer.headers.get('x-cache-status')])).toEqual([
        [200, 'no-store', 'MISS'],
        [200, 'no-store', 'MISS'],
      ]);
    });

    it('never answers a POST from the cache: each one reaches the app', async () => {
      const post = () =>
        through('127.0.0.4', '/v1/inquiries', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            companyName: 'Proxy Co',
            contactName: 'Nia Gate',
            email: 'nia@proxy.example',
            problemDescription: 'Two posts, two inquiries.',
          }),
        });
      const [first, second] = [await post(), await post()];
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.headers.get('x-cache-status')).toBeNull();
      expect((first.body as { supportTicket: string }).supportTicket).not.toBe((second.body as { supportTicket: string }).supportTicket);
    });

    it.each(['tp_staff_session=abc.def', 'theme=dark; __prerender_bypass=1'])(
      'bypasses the cache, and does not fill it, with the cookie %s',
      async (cookie) => {
        const path = `/v1/business?cookie=${encodeURIComponent(cookie)}`;
        const withCookie = [await through('127.0.0.5', path, { headers: { cookie } }), await through('127.0.0.5', path, { headers: { cookie } })];
        expect(withCookie.map((answer) => answer.headers.get('x-cache-status'))).toEqual(['BYPASS', 'BYPASS']);
        expect((await through('127.0.0.5', path)).headers.get('x-cache-status')).toBe('MISS');
      },
    );

    it('gzips JSON for clients that accept it', async () => {
      const answer = await through('127.0.0.6', '/v1/services?limit=5', { headers: { 'accept-encoding': 'gzip' } });
      expect(answer.headers.get('content-encoding')).toBe('gzip');
      expect(answer.headers.get('vary')).toContain('Accept-Encoding');
      expect((answer.body as { services: unknown[] }).services).toHaveLength(5);
    });

    it("gives each request nginx's own id, which the app logs and answers with, also for an answer from the cache", async () => {
      const sent = { headers: { 'x-request-id': 'claimed-by-the-client' } };
      const fresh = await through('127.0.0.9', '/v1/services?limit=3', sent);
      const cached = await through('127.0.0.10', '/v1/services?limit=3', sent);
      expect([fresh.headers.get('x-cache-status'), cached.headers.get('x-cache-status')]).toEqual(['MISS', 'HIT']);
      const [freshId, cachedId] = [fresh.headers.get('x-request-id'), cached.headers.get('x-request-id')];
      expect(freshId).toMatch(/^[0-9a-f]{32}$/);
      expect(cachedId).toMatch(/^[0-9a-f]{32}$/);
      expect(cachedId).not.toBe(freshId);
      // The app's access line of the request that reached it carries nginx's id.
      const access = await eventually(
        () =>
          app
            .output()
            .split('\n')
            .filter((line) => line.includes(`"requestId":"${freshId}"`) && line.includes('"component":"http"')),
        (lines) => lines.length === 1,
        "the app's access line",
      );
      expect(JSON.parse(access[0]!)).toMatchObject({ requestId: freshId, route: '/v1/services', status: 200 });
    });

    it('lets the app see the client address, not one the client claims', async () => {
      await through('127.0.0.7', '/v1/health', { headers: { 'x-forwarded-for': '203.0.113.50', 'x-real-ip': '203.0.113.51' } });
      const database = openTestSql(app.databaseUrl);
      const keys = (await database.all<{ key: string }>(`SELECT "key" FROM "RateLimit" WHERE "key" LIKE 'reads:%' ORDER BY "key"`)).map((row) => row.key);
      await database.close();
      expect(keys).toContain('reads:127.0.0.7');
      expect(keys.filter((key) => key.includes('203.0.113.'))).toEqual([]);
    });

    it('refuses a flood from one address with its coarse limit, in the API error envelope', async () => {
      const answers = await Promise.all(Array.from({ length: 400 }, () => through('127.0.0.8', '/v1/services?limit=2')));
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]!.body).toEqual({ detail: 'Too many requests from this address. Slow down and try again in a second.', code: 'RATE_LIMITED' });
      expect(refused[0]!.headers.get('retry-after')).toBe('1');
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(200);
    });
  });

  describe('over HTTPS, with a self-signed certificate', () => {
    const SITE = 'https://throughline.test';
    let app: TestServer;
    let proxy: Awaited<ReturnType<typeof startNginx>>;
    beforeAll(async () => {
      // An https SITE_URL: the app sends Strict-Transport-Security on every answer.
      app = await startTestServer({ env: { JOB_RUNNER: 'off', TRUSTED_PROXY: '127.0.0.1', SITE_URL: SITE } });
      proxy = await startNginx({ nginx: nginx!, upstreams: [new URL(app.baseUrl).host], tls: true });
    }, 120_000);
    afterAll(async () => {
      await proxy?.stop();
      await app?.stop();
    });

    /** One request over HTTP/2 (ALPN h2), trusting the test certificate; the headers and body of the answer. */
    async function overHttp2(pathname: string, headers: Record<string, string> = {}) {
      const session = http2.connect(proxy.baseUrl, { ca: proxy.certificate, servername: 'localhost' });
      try {
        return await new Promise<{ protocol: string | undefined; headers: http2.IncomingHttpHeaders; body: string }>((resolve, reject) => {
          session.on('error', reject);
          const request = session.request({ ':path': pathname, host: 'throughline.test', ...headers });
          let body = '';
          let answer: http2.IncomingHttpHeaders = {};
          request.setEncoding('utf8');
          request.on('response', (received) => (answer = received));
          request.on('data', (chunk: string) => (body += chunk));
          request.on('end', () => resolve({ protocol: session.alpnProtocol, headers: answer, body }));
          request.on('error', reject);
          request.end();
        });
      } finally {
        session.close();
      }
    }

    /** The TLS handshake at exactly `version`: the negotiated protocol, or the error that refused it. */
    function handshake(version: tls.SecureVersion): Promise<string> {
      return new Promise((resolve) => {
        const socket = tls.connect({
          host: '127.0.0.1',
          port: Number(new URL(proxy.baseUrl).port),
          servername: 'localhost',
          ca: proxy.certificate,
          minVersion: version,
          maxVersion: version,
          // Let this client offer the old protocols at all (OpenSSL 3 refuses them by default): the server must say no.
          ciphers: 'DEFAULT@SECLEVEL=0',
        });
        socket.on('secureConnect', () => {
          resolve(socket.getProtocol() ?? 'none');
          socket.end();
        });
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(`refused: ${error.code}`));
      });
    }

    it('redirects port 80 to https, and serves ACME challenges there for certbot', async () => {
      const redirect = await requestFrom('127.0.0.2', `${proxy.httpUrl}/about?x=1`);
      expect([redirect.status, redirect.headers.get('location')]).toEqual([301, 'https://127.0.0.1/about?x=1']);
      writeFileSync(path.join(proxy.acmeRoot, '.well-known', 'acme-challenge', 'token-123'), 'token-123.key-authorization');
      const challenge = await requestFrom('127.0.0.2', `${proxy.httpUrl}/.well-known/acme-challenge/token-123`);
      expect([challenge.status, challenge.text, challenge.headers.get('content-type')]).toEqual([200, 'token-123.key-authorization', 'text/plain']);
    });

    it('speaks TLS 1.2 and 1.3 and refuses TLS 1.0 and 1.1', async () => {
      expect(await handshake('TLSv1.3')).toBe('TLSv1.3');
      expect(await handshake('TLSv1.2')).toBe('TLSv1.2');
      expect(await handshake('TLSv1.1')).toMatch(/^refused: /);
      expect(await handshake('TLSv1')).toMatch(/^refused: /);
    });

    it('negotiates HTTP/2 and sends HSTS and the security headers on a page, an API answer and a static asset', async () => {
      const page = await overHttp2('/about', { accept: 'text/html' });
      expect([page.protocol, page.headers[':status']]).toEqual(['h2', 200]);
      const asset = /\/_next\/static\/[^"]+\.js/.exec(page.body)?.[0];
      expect(asset).toBeDefined();
      const api = await overHttp2('/v1/services?limit=1', { accept: 'application/json' });
      const script = await overHttp2(asset!);
      for (const answer of [page, api, script]) {
        expect([answer.protocol, answer.headers[':status']]).toEqual(['h2', 200]);
        expect(answer.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      }
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'nonce-");
      expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
      expect(script.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    });
  });
});
