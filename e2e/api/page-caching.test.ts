import { describe, expect, it } from 'vitest';
import { createTestDatabase, startTestServer } from '../../test-support/test-server.mjs';
import { openTestSql } from '../../test-support/test-sql';
import { baseUrl } from '../../test-support/http/contract';
import { staffCookie } from '../../test-support/http/staff';

const CACHED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
const PER_REQUEST = 'private, no-cache, no-store, max-age=0, must-revalidate';

const CONTENT_PAGES = [
  '/',
  '/about',
  '/principles',
  '/services',
  '/services?category=constraint-analysis',
  '/services/website-offer-audit',
  '/insights',
  '/insights?topic=buffer-management',
  '/insights?page=2',
  '/insights/why-local-efficiency-lies',
];

const PER_REQUEST_PAGES = ['/contact', '/book', '/insights?q=drum', '/insights?topic=no-such-topic', '/services?category=no-such-category', '/staff/sign-in'];

const html = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });

/** The nonce of the answer's script-src, and every nonce attribute in the document. */
async function noncesOf(response: Response) {
  const policy = response.headers.get('content-security-policy') ?? '';
  const header = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
  const attributes = new Set([...(await response.text()).matchAll(/\snonce="([^"]+)"/g)].map((match) => match[1]));
  return { header, attributes: [...attributes] };
}

describe('content pages', () => {
  it.each(CONTENT_PAGES)('%s is answered from its cached copy, shareable, with an ETag and a nonce that matches', async (path) => {
    const first = await html(`${baseUrl()}${path}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(CACHED);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]{12}-[\w-]+"$/);
    const { header, attributes } = await noncesOf(first);
    expect(attributes).toEqual([header]);

    const second = await html(`${baseUrl()}${path}`);
    expect(second.headers.get('x-nextjs-cache')).toBe('HIT');
    expect(second.headers.get('etag')).toBe(etag);
    expect(await noncesOf(second)).toEqual({ header, attributes: [header] });

    const revalidated = await html(`${baseUrl()}${path}`, { 'if-none-match': etag! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect(revalidated.headers.get('cache-control')).toBe(CACHED);
  });

  it.each(['identity', 'gzip'])('repeat requests get the same copy, headers and bytes (Accept-Encoding: %s)', async (encoding) => {
    // From the second on, the web server answers them itself from what Next sent (lib/page-cache/held-copies.mjs).
    const answers = [];
    for (let request = 0; request < 4; request++) {
      const response = await html(`${baseUrl()}/services`, { 'accept-encoding': encoding });
      const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
      answers.push({ status: response.status, headers, body: await response.text() });
    }
    expect(answers[0]!.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : undefined);
    expect(answers[0]!.headers['cache-control']).toBe(CACHED);
    expect(answers[0]!.body).toContain('</html>');
    for (const later of answers.slice(2)) {
      expect(later.body).toBe(answers[1]!.body);
      expect({ ...later.headers, 'content-length': undefined, 'transfer-encoding': undefined, 'x-request-id': undefined }).toEqual({
        ...answers[1]!.headers,
        'content-length': undefined,
        'transfer-encoding': undefined,
        'x-request-id': undefined,
      });
    }
    // Each answer, held or not, carries its own request's id (request-observer.mjs), never the held request's.
    expect(new Set(answers.map((answer) => answer.headers['x-request-id'])).size).toBe(answers.length);
  });

  it('is one copy per address: parameters the page does not read change nothing', async () => {
    const plain = await html(`${baseUrl()}/about`);
    const tracked = await html(`${baseUrl()}/about?utm_source=newsletter`);
    expect(tracked.headers.get('cache-control')).toBe(CACHED);
    expect(tracked.headers.get('x-nextjs-cache')).toBe('HIT');
    expect(tracked.headers.get('etag')).toBe(plain.headers.get('etag'));
  });

  it('internal addresses of the copies are not reachable', async () => {
    const stamp = ((await (await fetch(`${baseUrl()}/v1/health`)).json()) as { build_stamp: string }).build_stamp;
    for (const path of [`/cached/${stamp}/about`, '/cached/000000000000/about', '/cached']) {
      const response = await html(`${baseUrl()}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control'), path).toBe(PER_REQUEST);
    }
  });
});

describe('pages rendered for each request', () => {
  it.each(PER_REQUEST_PAGES)('%s is private, no-store, with a fresh nonce each time', async (path) => {
    const first = await html(`${baseUrl()}${path}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(PER_REQUEST);
    expect(first.headers.get('etag')).toBeNull();
    const one = await noncesOf(first);
    expect(one.attributes).toEqual([one.header]);
    const two = await noncesOf(await html(`${baseUrl()}${path}`));
    expect(two.header).not.toBe(one.header);
  });

  it("a reviewer's preview link is answered for the request, under the strict policy, and kept by no cache", async () => {
    const response = await html(`${baseUrl()}/preview/not-a-real-token`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-nextjs-cache')).toBeNull();
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'nonce-[A-Za-z0-9+/=]{22,}' 'strict-dynamic'; /);
  });

  it('unknown services and insights are 404s that no cache keeps', async () => {
    for (const path of ['/services/no-such-service', '/insights/no-such-insight', '/no-such-page']) {
      const response = await html(`${baseUrl()}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control'), path).toBe(PER_REQUEST);
    }
  });

  it.each([
    ['draft mode', async () => '__prerender_bypass=anything'],
    ['a staff session', () => staffCookie('sales')],
  ])('with %s, a content page is rendered for the request and kept by no cache', async (_name, cookie) => {
    const response = await html(`${baseUrl()}/about`, { cookie: await cookie() });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(PER_REQUEST);
    expect(response.headers.get('x-nextjs-cache')).toBeNull();
    expect(response.headers.get('etag')).toBeNull();
    const { header, attributes } = await noncesOf(response);
    expect(attributes).toEqual([header]);
  });
});

describe('a publication', () => {
  const priceOn = async (baseUrl: string) => {
    const page = await (await html(`${baseUrl}/services/constraint-snapshot`)).text();
    return /\$[\d,]+/.exec(page.slice(page.indexOf('<h1')))?.[0];
  };
  const waitFor = async <T>(probe: () => Promise<T>, wanted: T, withinMs: number) => {
    const deadline = Date.now() + withinMs;
    let seen = await probe();
    while (seen !== wanted && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await probe();
    }
    return seen;
  };

  it('shows on the cached pages of every instance within CONTENT_REVALIDATE_MS plus a second', async () => {
    const database = await createTestDatabase('toc-pages-');
    const env = { CONTENT_REVALIDATE_MS: '1000', JOB_RUNNER: 'off' };
    const first = await startTestServer({ database, env });
    const second = await startTestServer({ database, env });
    try {
      const etagBefore = (await html(`${first.baseUrl}/services/constraint-snapshot`)).headers.get('etag');
      expect(await priceOn(first.baseUrl)).toBe('$1,450');
      expect(await priceOn(second.baseUrl)).toBe('$1,450');
      expect((await html(`${second.baseUrl}/services/constraint-snapshot`)).headers.get('x-nextjs-cache')).toBe('HIT');

      // A publication as staff publishing (or the job runner's scheduled one) writes it: the row and the revision.
      const sql = openTestSql(database.databaseUrl);
      await sql.exec(`UPDATE "Service" SET "priceMinor" = "priceMinor" + 10000 WHERE "id" = 'constraint-snapshot';
                      UPDATE "ContentRevision" SET "revision" = "revision" + 1 WHERE "id" = 1`);
      await sql.close();
      const published = Date.now();

      expect(await waitFor(() => priceOn(first.baseUrl), '$1,550', 2000)).toBe('$1,550');
      expect(await waitFor(() => priceOn(second.baseUrl), '$1,550', 2000)).toBe('$1,550');
      expect(Date.now() - published).toBeLessThan(2000);
      const after = await html(`${first.baseUrl}/services/constraint-snapshot`);
      expect(after.headers.get('cache-control')).toBe(CACHED);
      expect(after.headers.get('etag')).not.toBe(etagBefore);
      // The services list shows the new price too, and an old ETag no longer gets a 304.
      expect(await (await html(`${second.baseUrl}/services`)).text()).toContain('$1,550');
      expect((await html(`${first.baseUrl}/services/constraint-snapshot`, { 'if-none-match': etagBefore! })).status).toBe(200);
    } finally {
      await first.stop({ keepDatabase: true });
      await second.stop({ keepDatabase: true });
      await database.remove();
    }
  });
});
