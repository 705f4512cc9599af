import type { MetadataRoute } from 'next';
import { config } from '@/lib/config';

export const dynamic = 'force-dynamic';

/** Personal pages (orders, reports, payment), staff pages and reviewers' preview links are not for search engines. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/pay/', '/checkout/', '/reports/', '/staff/', '/preview/'] },
    sitemap: `${config().SITE_URL}/sitemap.xml`,
  };
}
