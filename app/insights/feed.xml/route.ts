import { config } from '@/lib/config';
import { getCompanyProfile } from '@/lib/domain/business';
import { insightFeed } from '@/lib/domain/insights';
import { CACHE_CONTROL, etagFor, matchesIfNoneMatch } from '@/lib/http/cache-policy';
import { buildAtomFeed } from './atom-feed';

// Reads the database at request time; `next build` must not.
export const dynamic = 'force-dynamic';

/** GET /insights/feed.xml: the newest (INSIGHT_FEED_SIZE) published insights as Atom, cached like the rest of the published content. */
export async function GET(request: Request): Promise<Response> {
  const [{ insights, buildStamp }, company] = await Promise.all([insightFeed(), getCompanyProfile()]);
  const headers = { 'Cache-Control': CACHE_CONTROL.content, ETag: etagFor(buildStamp) };
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), headers.ETag)) return new Response(null, { status: 304, headers });
  const body = buildAtomFeed({
    siteUrl: config().SITE_URL,
    title: `${company.name} insights`,
    subtitle: company.tagline,
    authorName: company.name,
    insights,
    fallbackUpdated: new Date().toISOString(),
  });
  return new Response(body, { headers: { ...headers, 'Content-Type': 'application/atom+xml; charset=utf-8' } });
}
