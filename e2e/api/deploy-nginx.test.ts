import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
