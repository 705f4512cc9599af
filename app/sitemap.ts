import type { MetadataRoute } from 'next';
import { config } from '@/lib/config';
import { contentSnapshot } from '@/lib/domain/content/snapshot';

export const dynamic = 'force-dynamic';

const STATIC_PAGES = ['/', '/services', '/insights', '/principles', '/about', '/contact', '/book', '/docs'];

/** Public pages and every published service and insight; drafts are not in the snapshot, so never here. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = config().SITE_URL;
  const { content } = await contentSnapshot();
  return [
    ...STATIC_PAGES.map((path) => ({ url: `${base}${path}` })),
    ...content.services.map((service) => ({ url: `${base}/services/${service.id}` })),
    ...content.insights.map(({ summary }) => ({
      url: `${base}/insights/${summary.id}`,
      ...(summary.publishedAt ? { lastModified: summary.publishedAt } : {}),
    })),
  ];
}
