import { describe, expect, it } from 'vitest';
import { baseUrl } from '../../test-support/http/contract';

/** The metadata and structured data search engines read, on each public page. */
const PAGES: { path: string; jsonLd: string[] }[] = [
  { path: '/', jsonLd: ['Organization'] },
  { path: '/services', jsonLd: [] },
  { path: '/services/constraint-snapshot', jsonLd: ['BreadcrumbList', 'Service', 'FAQPage'] },
  { path: '/insights', jsonLd: [] },
  { path: '/insights/why-local-efficiency-lies', jsonLd: ['BreadcrumbList', 'Article'] },
  { path: '/principles', jsonLd: [] },
  { path: '/about', jsonLd: ['Organization'] },
  { path: '/contact', jsonLd: [] },
  { path: '/book', jsonLd: [] },
];

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

async function page(path: string) {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html' } });
  expect(response.status, path).toBe(200);
  return response.text();
}

describe('page metadata', () => {
  it.each(PAGES)('$path has a title, description, canonical URL, OpenGraph and its JSON-LD', async ({ path, jsonLd }) => {
    const html = await page(path);
    expect(attribute(html, /<title>([^<]+)<\/title>/), path).toMatch(/Throughline Partners/);
    expect(attribute(html, /<meta name="description" content="([^"]{40,})"/), path).toBeTruthy();
    expect(attribute(html, /<link rel="canonical" href="([^"]+)"/)).toBe(path === '/' ? baseUrl() : `${baseUrl()}${path}`);
    expect(attribute(html, /<meta property="og:title" content="([^"]+)"/), path).toBeTruthy();
    const types = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => (JSON.parse(m[1]!) as { '@type': string })['@type']);
    expect(types.sort(), path).toEqual([...jsonLd].sort());
  });

  it('gives every page its own title', async () => {
    const titles = await Promise.all(PAGES.map(async ({ path }) => attribute(await page(path), /<title>([^<]+)<\/title>/)));
    expect(new Set(titles).size).toBe(PAGES.length);
  });

  it('describes the service with its published price and FAQs in JSON-LD', async () => {
    const html = await page('/services/constraint-snapshot');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const service = blocks.find((b) => b['@type'] === 'Service');
    const api = (await (await fetch(`${baseUrl()}/v1/services/constraint-snapshot`)).json()) as { pricing: { amount: number }; faqCount: number };
    expect(service.offers).toMatchObject({ price: api.pricing.amount, priceCurrency: 'USD' });
    expect(blocks.find((b) => b['@type'] === 'FAQPage').mainEntity).toHaveLength(api.faqCount);
  });
});
