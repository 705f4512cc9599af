import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl } from '../../test-support/http/contract';
import { publishColumn } from '../../test-support/http/content-changes';
import { until } from '../../test-support/eventually';
import { makePrivateLinks, type PrivateLinkTokens } from '../../test-support/http/private-links';

/** Every public page, as a visitor fetches it. */
const PAGES = [
  '/',
  '/about',
  '/services',
  '/services?category=implementation-support',
  '/services/dbr-implementation',
  '/insights',
  '/insights?topic=buffer-management',
  '/insights?page=2',
  '/insights/buffer-management-red-zones',
  '/insights/why-local-efficiency-lies',
  '/principles',
  '/contact',
  '/book',
  '/privacy',
  '/docs',
];

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/:/g, '\\:')}" content="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&');

async function tagsOf(path: string) {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html' } });
  expect(response.status, path).toBe(200);
  const html = await response.text();
  return {
    ogImage: meta(html, 'og:image'),
    ogWidth: meta(html, 'og:image:width'),
    ogHeight: meta(html, 'og:image:height'),
    ogType: meta(html, 'og:image:type'),
    twitterCard: meta(html, 'twitter:card'),
    twitterImage: meta(html, 'twitter:image'),
  };
}

async function card(url: string) {
  const response = await fetch(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  const metadata = response.status === 200 ? await sharp(bytes).metadata() : null;
  return { status: response.status, type: response.headers.get('content-type'), size: metadata && [metadata.format, metadata.width, metadata.height], bytes };
}

const stamp = async () => ((await (await fetch(`${baseUrl()}/v1/health`)).json()) as { build_stamp: string }).build_stamp;

/** The page's tags name a 1200 × 630 PNG card for Open Graph and X (summary_large_image), and the card is there. */
async function expectCard(path: string) {
  const tags = await tagsOf(path);
  expect(tags, path).toEqual({
    ogImage: expect.stringMatching(new RegExp(`^${baseUrl()}/.*opengraph-image`)) as string,
    ogWidth: '1200',
    ogHeight: '630',
    ogType: 'image/png',
    twitterCard: 'summary_large_image',
    twitterImage: tags.ogImage,
  });
  const image = await card(tags.ogImage!);
  expect([image.status, image.type, image.size], path).toEqual([200, 'image/png', ['png', 1200, 630]]);
}

/** The sitemap's pages, as paths: /docs too, Swagger UI with tags of its own (lib/http/api-reference-page.ts). */
async function sitemapPaths(): Promise<string[]> {
  const xml = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

let links: PrivateLinkTokens;
beforeAll(async () => {
  links = await makePrivateLinks('Cards');
});

describe('social cards', () => {
  it.each(PAGES)('%s names a 1200 × 630 PNG card for Open Graph and X (summary_large_image), and it is there', expectCard);

  it('so does every page of the sitemap, and each page of a private link (order, report, booking)', { timeout: 240_000 }, async () => {
    const paths = await sitemapPaths();
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/services', '/insights', '/principles', '/about', '/contact', '/book', '/services/dbr-implementation', '/docs']),
    );
    expect(paths.filter((path) => path.startsWith('/insights/')).length).toBeGreaterThan(2);
    for (const path of [...paths, `/checkout/${links.checkout}`, `/reports/${links.report}`, `/bookings/${links.booking}`]) await expectCard(path);
  });

  it('a content page’s card is kept per content edition: its address names the edition, and a new title makes a new card', async () => {
    const before = await stamp();
    const first = (await tagsOf('/insights/why-local-efficiency-lies')).ogImage!;
    expect(new URL(first).pathname).toMatch(new RegExp(`^/cached/${before}/insights/why-local-efficiency-lies/opengraph-image`));
    const original = await card(first);
    const title = 'Why local efficiency lies (and what to measure instead)';
    const previous = ((await fetch(`${baseUrl()}/v1/insights/why-local-efficiency-lies`).then((r) => r.json())) as { title: string }).title;
    await publishColumn(inject('databaseUrl'), 'Insight', 'why-local-efficiency-lies', 'title', title);
    try {
      const after = await until(async () => ((await stamp()) !== before ? stamp() : null), 'the new edition');
      const second = (await tagsOf('/insights/why-local-efficiency-lies')).ogImage!;
      expect(new URL(second).pathname).toMatch(new RegExp(`^/cached/${after}/insights/why-local-efficiency-lies/opengraph-image`));
      const changed = await card(second);
      expect([changed.status, changed.size]).toEqual([200, ['png', 1200, 630]]);
      expect(changed.bytes.equals(original.bytes)).toBe(false);
    } finally {
      await publishColumn(inject('databaseUrl'), 'Insight', 'why-local-efficiency-lies', 'title', previous);
    }
  });

  it('shows an insight’s hero image on its card', async () => {
    const withHero = await card((await tagsOf('/insights/buffer-management-red-zones')).ogImage!);
    const without = await card((await tagsOf('/insights/why-local-efficiency-lies')).ogImage!);
    // stats() reads its input, not the pipeline: the region is cut out first.
    const right = async (bytes: Buffer) =>
      (await sharp(await sharp(bytes).extract({ left: 800, top: 0, width: 400, height: 630 }).toBuffer()).stats()).dominant;
    const lightness = ({ r, g, b }: { r: number; g: number; b: number }) => r + g + b;
    // The diagram is drawn on paper; a card without a picture is ink all the way.
    expect(lightness(await right(withHero.bytes))).toBeGreaterThan(lightness(await right(without.bytes)) + 300);
  });

  it('a card is data, not a document: nosniff and a policy that allows nothing', async () => {
    const response = await fetch((await tagsOf('/about')).ogImage!);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  });
});
