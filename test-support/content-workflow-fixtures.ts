import { randomBytes } from 'node:crypto';
import { db } from '../lib/db/client';
import type { InsightItemData } from '../lib/domain/content/content-bundle';
import { insightItemOf } from '../lib/domain/content/rows/insight-rows';
import { createStaffUser } from '../lib/domain/staff/accounts';
import type { StaffRole } from '../lib/domain/staff/roles';
import type { StaffActor } from '../lib/domain/staff/roles';
import { getInsight, insightFeed } from '../lib/domain/insights/insights';
import { searchInsights } from '../lib/domain/search/insight-search';
import { contentSnapshot } from '../lib/domain/content/snapshot';
import { publicOnly } from '../lib/domain/content/visibility';
import { getCompanyProfile } from '../lib/domain/business/business';
import { insightsAtomFeed } from '../lib/seo/insights-feed';
import { buildSitemapXml } from '../lib/seo/sitemap-xml';

/** A live insight's item as its editor starts from it (its row read back), with `changes` made. */
export async function liveInsightItem(id: string, changes: Partial<InsightItemData> = {}): Promise<InsightItemData> {
  const row = await db.insight.findUniqueOrThrow({ where: { id } });
  return { ...insightItemOf(row), ...changes };
}

/** A staff member of the given role, with a name tests can find in versions and audit entries. */
export function staffMember(role: StaffRole, displayName: string): Promise<StaffActor> {
  return createStaffUser({ email: `${randomBytes(4).toString('hex')}@staff.example`, displayName, role, password: 'a long enough password' });
}

const SITE_URL = 'http://localhost';
/** The feed's `updated` while nothing is published: a fixed moment, never the wall clock. */
const FEED_CLOCK = new Date('2026-03-02T09:00:00Z');

/**
 * Everything the public sees of an insight and of the site as a whole, read the way visitors and clients read it:
 * build_stamp, the published content, the article through /v1's public-only scope, search, and the sitemap and the feed
 * built by lib/seo from what the routes read (their HTTP side is the http tests' concern).
 */
export async function publicView(insightId: string, searchFor: string) {
  const snapshot = await contentSnapshot();
  const article = await publicOnly(() => getInsight(insightId)).catch((error: { code?: string }) => error.code ?? 'error');
  const found = await searchInsights({ q: searchFor, limit: 100, offset: 0 });
  const [{ insights }, company] = await Promise.all([insightFeed(), getCompanyProfile()]);
  const feed = insightsAtomFeed({ siteUrl: SITE_URL, company, insights, now: FEED_CLOCK });
  return {
    buildStamp: snapshot.buildStamp,
    content: JSON.stringify(snapshot.content.services) + JSON.stringify(snapshot.content.insights) + JSON.stringify(snapshot.content.company),
    article,
    search: found.results.map((result) => `${result.id}:${result.title}`),
    sitemap: buildSitemapXml(SITE_URL, snapshot.content),
    feed,
  };
}
