import { config } from '@/lib/config';
import { contentSnapshot } from '@/lib/domain/content/snapshot';
import { contentResponse } from '@/lib/http/content-response';
import { oncePerEdition } from '@/lib/page-cache/once-per-edition';
import { buildSitemapXml } from '@/lib/seo/sitemap-xml';

// Reads the content snapshot at request time; `next build` must not.
export const dynamic = 'force-dynamic';

/** GET /sitemap.xml: built once per content edition, cached like the rest of the published content (ETag, 304). */
export async function GET(request: Request): Promise<Response> {
  const { buildStamp, content } = await contentSnapshot();
  const xml = oncePerEdition('sitemap.xml', buildStamp, () => buildSitemapXml(config().SITE_URL, content));
  return contentResponse(request, buildStamp, xml, 'application/xml; charset=utf-8');
}
