import type { CompanyProfileBody } from '@/lib/contract/business';
import type { InsightBody } from '@/lib/contract/insights';
import { buildAtomFeed } from './atom-feed';

/**
 * The site's Atom feed of published insights, titled and signed by the company: what /insights/feed.xml serves. `now`
 * stands as the feed's `updated` only while nothing is published.
 */
export function insightsAtomFeed({
  siteUrl,
  company,
  insights,
  now,
}: {
  siteUrl: string;
  company: Pick<CompanyProfileBody, 'name' | 'tagline'>;
  insights: InsightBody[];
  now: Date;
}): string {
  return buildAtomFeed({
    siteUrl,
    title: `${company.name} insights`,
    subtitle: company.tagline,
    authorName: company.name,
    insights,
    fallbackUpdated: now.toISOString(),
  });
}
