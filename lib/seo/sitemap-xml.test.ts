import { describe, expect, it } from 'vitest';
import type { InsightBody } from '@/lib/contract/insights';
import type { ServiceDetailBody } from '@/lib/contract/catalogue';
import type { PublishedInsight } from '@/lib/domain/content/published-content';
import { buildSitemapXml } from './sitemap-xml';

const insight = (id: string, publishedAt: string | null) => ({ summary: { id, publishedAt } as InsightBody }) as PublishedInsight;

describe('buildSitemapXml', () => {
  it('lists the site pages, every published service and insight with its date, as absolute escaped URLs', () => {
    const xml = buildSitemapXml('https://site.example', {
      services: [{ id: 'constraint-snapshot' } as ServiceDetailBody],
      insights: [insight('why-local-efficiency-lies', '2026-03-02'), insight('a&b', null)],
    });
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...['/', '/services', '/insights', '/principles', '/about', '/contact', '/book', '/privacy', '/docs'].map(
          (path) => `<url>\n<loc>https://site.example${path}</loc>\n</url>`,
        ),
        '<url>\n<loc>https://site.example/services/constraint-snapshot</loc>\n</url>',
        '<url>\n<loc>https://site.example/insights/why-local-efficiency-lies</loc>\n<lastmod>2026-03-02</lastmod>\n</url>',
        '<url>\n<loc>https://site.example/insights/a&amp;b</loc>\n</url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });
});
