import { xmlText } from '@/lib/seo/atom-feed';
import type { PublishedContent } from '@/lib/domain/content/published-content';

/** Pages that are not content items, in the order a visitor meets them. */
const SITE_PAGES = ['/', '/services', '/insights', '/principles', '/about', '/contact', '/book', '/privacy', '/docs'];

/**
 * The sitemaps.org document of the public pages and every published service and insight (drafts are not in the
 * published content, so never here); insights carry their publication date.
 */
export function buildSitemapXml(siteUrl: string, content: Pick<PublishedContent, 'services' | 'insights'>): string {
  const entry = (path: string, lastModified?: string | null) =>
    `<url>\n<loc>${xmlText(`${siteUrl}${path}`)}</loc>\n${lastModified ? `<lastmod>${xmlText(lastModified)}</lastmod>\n` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITE_PAGES.map((path) => entry(path)),
    ...content.services.map((service) => entry(`/services/${service.id}`)),
    ...content.insights.map(({ summary }) => entry(`/insights/${summary.id}`, summary.publishedAt)),
    '</urlset>',
    '',
  ].join('\n');
}
