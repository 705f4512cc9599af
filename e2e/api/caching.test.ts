import { describe, expect, it } from 'vitest';
import { createTestDatabase, startTestServer } from '../../test-support/test-server.mjs';
import { get } from '../../test-support/http/contract';
import { publishPrice } from '../../test-support/http/content-changes';

const CONTENT = 'public, max-age=30, s-maxage=60, stale-while-revalidate=300';

const CONTENT_PATHS = [
  '/v1/capabilities',
  '/v1/services',
  '/v1/services/categories',
  '/v1/services/constraint-snapshot',
  '/v1/services/constraint-snapshot/testimonials',
  '/v1/services/constraint-snapshot/faq',
  '/v1/insights',
  '/v1/insights/search?q=drum',
  '/v1/insights/why-local-efficiency-lies',
  '/v1/knowledge/toc-principles',
  '/v1/business',
  '/v1/business/credentials',
];

describe('caching policy', () => {
  it.each(CONTENT_PATHS)('%s is shared-cacheable with the content version as ETag, and 304s on If-None-Match', async (path) => {
    const health = await get<{ build_stamp: string }>('/v1/health');
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(CONTENT);
    expect(first.headers.get('etag')).toBe(`W/"${health.body.build_stamp}"`);

    const revalidated = await get(path, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.headers.get('etag')).toBe(first.headers.get('etag'));

    const stale = await get(path, { headers: { 'if-none-match': 'W/"000000000000"' } });
    expect(stale.status).toBe(200);
  });

  it.each(['/v1/health', '/health'])('%s is no-store', async (path) => {
    expect((await get(path)).headers.get('cache-control')).toBe('no-store');
  });

  it('errors are no-store', async () => {
    expect((await get('/v1/services/nope')).headers.get('cache-control')).toBe('no-store');
    expect((await get('/v1/services?limit=0')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('build_stamp', () => {
  it('is the same after a restart and on a second instance, and changes when published content changes', async () => {
    const database = await createTestDatabase('toc-stamp-');
    const stampOf = async (baseUrl: string) => ((await (await fetch(`${baseUrl}/v1/health`)).json()) as { build_stamp: string }).build_stamp;
    const etagOf = async (baseUrl: string) => (await fetch(`${baseUrl}/v1/services/constraint-snapshot`)).headers.get('etag');
    const first = await startTestServer({ database, env: { CONTENT_REVALIDATE_MS: '0' } });
    const second = await startTestServer({ database, env: { CONTENT_REVALIDATE_MS: '0' } });
    try {
      const original = await stampOf(first.baseUrl);
      expect(await stampOf(second.baseUrl)).toBe(original);
      expect(await etagOf(second.baseUrl)).toBe(`W/"${original}"`);

      await first.stop({ keepDatabase: true });
      const restarted = await startTestServer({ database, env: { CONTENT_REVALIDATE_MS: '0' } });
      expect(await stampOf(restarted.baseUrl)).toBe(original);

      // A published change, as staff publishing will make it: the row and the content revision together.
      await publishPrice(database.databaseUrl, 'constraint-snapshot', 155_000);

      const changed = await stampOf(restarted.baseUrl);
      expect(changed).not.toBe(original);
      expect(await stampOf(second.baseUrl)).toBe(changed);
      const detail = (await (await fetch(`${second.baseUrl}/v1/services/constraint-snapshot`)).json()) as { pricing: { amount: number } };
      expect(detail.pricing.amount).toBe(1550);
      await restarted.stop({ keepDatabase: true });
    } finally {
      await first.stop({ keepDatabase: true });
      await second.stop({ keepDatabase: true });
      await database.remove();
    }
  });
});
