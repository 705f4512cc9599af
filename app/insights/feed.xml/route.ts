import { config } from '@/lib/config';
import { getCompanyProfile } from '@/lib/domain/business/business';
import { insightFeed } from '@/lib/domain/insights/insights';
import { contentResponse } from '@/lib/http/content-response';
import { oncePerEdition } from '@/lib/page-cache/once-per-edition';
import { insightsAtomFeed } from '@/lib/seo/insights-feed';

// Reads the database at request time; `next build` must not.
export const dynamic = 'force-dynamic';

/**
 * GET /insights/feed.xml: the newest (INSIGHT_FEED_SIZE) published insights as Atom, built once per content edition and cached like
 * the rest of the published content (ETag, 304).
 */
export async function GET(request: Request): Promise<Response> {
  const [{ insights, buildStamp }, company] = await Promise.all([insightFeed(), getCompanyProfile()]);
  const feed = oncePerEdition('feed.xml', buildStamp, () => insightsAtomFeed({ siteUrl: config().SITE_URL, company, insights, now: new Date() }));
  return contentResponse(request, buildStamp, feed, 'application/atom+xml; charset=utf-8');
}
