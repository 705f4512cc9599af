import { LRUCache } from 'lru-cache';
import type { InsightDetailBody } from '@/lib/contract/insights';
import { contentSnapshot } from './content/snapshot';
import type { PublishedInsight } from './content/published-content';
import { notFound } from './errors';
import type { Page } from './pagination';
import { paginate } from './pagination';
import { toFtsMatchExpression } from './search/fts-query';
import type { RankedMatch } from './search/insight-search-index';
import { matchInsights } from './search/insight-search-index';

export async function listInsights(query: Page & { featured?: boolean }) {
  const { content } = await contentSnapshot();
  const matching =
    query.featured === undefined ? content.insights : content.insights.filter((i) => i.summary.featured === query.featured);
  const { items, ...meta } = paginate(matching, query);
  return { insights: items.map((i) => i.summary), ...meta };
}

export async function getInsight(insightId: string): Promise<InsightDetailBody> {
  const { content } = await contentSnapshot();
  const insight = content.insightsById.get(insightId);
  if (!insight) throw notFound('Insight', insightId);
  return insight.detail;
}

/** Ranked matches per (content version, query); published content changes rarely, queries repeat often. */
const matchCache = new LRUCache<string, RankedMatch[]>({ max: 2000 });

async function rankedMatches(buildStamp: string, expression: string): Promise<RankedMatch[]> {
  const key = `${buildStamp}\u0000${expression}`;
  const cached = matchCache.get(key);
  if (cached) return cached;
  const matches = await matchInsights(expression);
  matchCache.set(key, matches);
  return matches;
}

export interface InsightSearch extends Page {
  q: string;
  topics?: string[];
}

export async function searchInsightsRanked(query: InsightSearch) {
  const { content, buildStamp } = await contentSnapshot();
  const expression = toFtsMatchExpression(query.q);
  const matches = expression ? await rankedMatches(buildStamp, expression) : [];
  const topics = query.topics?.length ? new Set(query.topics.map((t) => t.toLowerCase())) : null;
  // The index holds drafts too; only what the snapshot publishes may come out.
  const results = matches
    .map((match) => content.insightsById.get(match.id))
    .filter((insight): insight is PublishedInsight => insight !== undefined)
    .filter((insight) => !topics || (insight.summary.topics ?? []).some((t) => topics.has(t.toLowerCase())));
  return paginate(results, query);
}

export async function searchInsights(query: InsightSearch) {
  const { items, total } = await searchInsightsRanked(query);
  return { results: items.map((i) => i.summary), total, query: query.q };
}
