import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, get } from '../../test-support/http/contract';
import { publishColumn } from '../../test-support/http/content-changes';
import { serverDatabase } from '../../test-support/http/server-database';
import { until } from '../../test-support/eventually';
import { inject } from 'vitest';

/**
 * The seed's pictures where visitors and API clients meet them: the insights' hero and body images, the portraits on
 * /about, a service's image, in pages and in /v1 (each answer checked against the OpenAPI document by `get`).
 */
const database = serverDatabase();
afterAll(() => database.close());

const hashOf = async (mediaId: string, rendition = 'full') =>
  (await database.get<{ hash: string }>('SELECT DISTINCT hash FROM "MediaVariant" WHERE "mediaId" = ? AND rendition = ?', mediaId, rendition))!.hash;
const altOf = async (mediaId: string) => (await database.get<{ alt: string }>('SELECT alt FROM "MediaAsset" WHERE id = ?', mediaId))!.alt;
const html = async (path: string) => (await fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html' } })).text();
const stamp = async () => ((await (await fetch(`${baseUrl()}/v1/health`)).json()) as { build_stamp: string }).build_stamp;

describe('images in /v1', () => {
  it('InsightDetail has its hero as an `image` object with an absolute URL that serves that JPEG', async () => {
    const hash = await hashOf('buffer-fever-chart');
    const { status, body } = await get<{ image: unknown }>('/v1/insights/buffer-management-red-zones');
    expect(status).toBe(200);
    expect(body.image).toEqual({ url: `${baseUrl()}/media/${hash}/1280.jpg`, alt: await altOf('buffer-fever-chart'), width: 1280, height: 720 });
    const file = await fetch(`${baseUrl()}/media/${hash}/1280.jpg`);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1280, 720]);
  });

  it('InsightDetail.content keeps standard Markdown image syntax, with absolute URLs', async () => {
    const hash = await hashOf('dbr-release-schedule');
    const { body } = await get<{ content: string; image?: unknown }>('/v1/insights/drum-buffer-rope-for-job-shops');
    expect(body.content).toContain(
      `![A classic Drum-Buffer-Rope schedule over two weeks: each order's material is released three days before its turn on the heat-treat constraint, and it ships after a shipping buffer.](${baseUrl()}/media/${hash}/1280.jpg)`,
    );
    expect(body.content).not.toContain('media:');
    expect('image' in body).toBe(false);
  });

  it('lists and summaries carry no image the specification does not name', async () => {
    const { body } = await get<{ insights: Record<string, unknown>[] }>('/v1/insights?limit=100');
    expect(body.insights.filter((insight) => 'image' in insight)).toEqual([]);
  });

  it('Service gains its `image` when staff give it one, in the list and the detail, and the page shows it', async () => {
    const hash = await hashOf('dbr-release-schedule');
    const before = await stamp();
    await publishColumn(inject('databaseUrl'), 'Service', 'dbr-implementation', 'imageId', 'dbr-release-schedule');
    try {
      await until(async () => (await stamp()) !== before, 'the new edition');
      const expected = { url: `${baseUrl()}/media/${hash}/1280.jpg`, alt: await altOf('dbr-release-schedule'), width: 1280, height: 720 };
      expect((await get<{ image: unknown }>('/v1/services/dbr-implementation')).body.image).toEqual(expected);
      const list = (await get<{ services: { id: string; image?: unknown }[] }>('/v1/services?limit=100')).body.services;
      expect(list.find((service) => service.id === 'dbr-implementation')!.image).toEqual(expected);
      expect(list.filter((service) => service.image).map((service) => service.id)).toEqual(['dbr-implementation']);
      const page = await html('/services/dbr-implementation');
      expect(page).toContain(`<source type="image/avif" srcSet="/media/${hash}/320.avif 320w`);
      expect(page).toContain('loading="lazy"');
      expect(await html('/services')).toContain(`/media/${hash}/320.jpg 320w`);
    } finally {
      await publishColumn(inject('databaseUrl'), 'Service', 'dbr-implementation', 'imageId', null);
    }
  });
});

describe('images on the pages', () => {
  it('an insight’s hero: a <picture> with AVIF and WebP srcset, sizes, width and height, loaded first as the LCP image', async () => {
    const hash = await hashOf('buffer-fever-chart');
    const page = await html('/insights/buffer-management-red-zones');
    const widths = [320, 640, 960, 1280];
    const srcSet = (format: string) => widths.map((width) => `/media/${hash}/${width}.${format} ${width}w`).join(', ');
    const sizes = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';
    expect(page).toContain(`<source type="image/avif" srcSet="${srcSet('avif')}" sizes="${sizes}"/>`);
    expect(page).toContain(`<source type="image/webp" srcSet="${srcSet('webp')}" sizes="${sizes}"/>`);
    expect(page).toContain(
      `<img src="/media/${hash}/640.jpg" srcSet="${srcSet('jpg')}" sizes="${sizes}" width="1280" height="720" alt="${await altOf('buffer-fever-chart')}" loading="eager" fetchPriority="high"`,
    );
    expect(page).toContain('<figcaption');
    expect(page).toContain('Drawing: Throughline Partners');
    expect(page.match(/fetchPriority="high"/g)).toHaveLength(1);
  });

  it('an image in an article’s body: a lazy <picture> with the alt text the article gives', async () => {
    const hash = await hashOf('dbr-release-schedule');
    const page = await html('/insights/drum-buffer-rope-for-job-shops');
    expect(page).toContain(`<img src="/media/${hash}/640.jpg"`);
    expect(page).toMatch(
      /alt="A classic Drum-Buffer-Rope schedule over two weeks: each order&#39;s material is released[^"]*" loading="lazy" decoding="async"/,
    );
    expect(page).not.toContain('fetchPriority="high"');
  });

  it('/about: a square portrait of every leader, decorative (alt="") beside their name', async () => {
    const page = await html('/about');
    const portraits = [...page.matchAll(/<img src="\/media\/([0-9a-f]{32})\/640\.jpg"[^>]*width="640" height="640" alt=""/g)].map((match) => match[1]);
    expect(portraits).toHaveLength(5);
    for (const [index, name] of ['margaret-okafor', 'daniel-reyes', 'priya-natarajan', 'tomasz-wieczorek', 'elena-vasquez'].entries()) {
      expect(portraits[index]).toBe(await hashOf(`portrait-${name}`, 'square'));
    }
  });
});
