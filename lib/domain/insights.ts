import { LRUCache } from 'lru-cache';
import type { InsightBody, InsightDetailBody } from '@/lib/contract/insights';
import { contentSnapshot, visibleContent } from './content/snapshot';
import type { PublishedInsight } from './content/published-content';
import { notFound } from './errors';
import type { Page } from './pagination';
import { paginate } from './pagination';
import { toFtsMatchExpression } from './search/fts-query';
import type { RankedMatch, RawSnippets } from './search/insight-search-index';
import { matchInsights, snippetInsights } from './search/insight-search-index';
import { escapeHtml, hasMatch, snippetToHtml } from './search/snippet-html';

export async function listInsights(query: Page & { featured?: boolean }) {
  const { content } = await visibleContent();
  const matching =
    query.featured === undefined ? content.insights : content.insights.filter((i) => i.summary.featured === query.featured);
  const { items, ...meta } = paginate(matching, query);
  return { insights: items.map((i) => i.summary), ...meta };
}

export async function getInsight(insightId: string): Promise<InsightDetailBody> {
  const { content } = await visibleContent();
  const insight = content.insightsById.get(insightId);
  if (!insight) throw notFound('Insight', insightId);
  return insight.detail;
}

/** Search work per (content version, query); published content changes rarely, queries repeat often. */
function perBuildCache<T extends object>(load: (expression: string) => Promise<T>) {
  const cache = new LRUCache<string, T>({ max: 2000 });
  return async (buildStamp: string, expression: string): Promise<T> => {
    const key = `${buildStamp}\u0000${expression}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const value = await load(expression);
    cache.set(key, value);
    return value;
  };
}

const rankedMatches = perBuildCache<RankedMatch[]>(matchInsights);
const snippetsById = perBuildCache<ReadonlyMap<string, RawSnippets>>(
  async (expression) => new Map((await snippetInsights(expression)).map((s) => [s.id, s])),
);

export interface InsightSearch extends Page {
  q: string;
  topics?: string[];
}

export async function searchInsightsRanked(query: InsightSearch) {
  const { content, buildStamp } = await visibleContent();
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

export interface InsightSearchHit {
  insight: InsightBody;
  /** An excerpt around the matches; escaped HTML whose only elements are <mark>. */
  snippetHtml: string;
}

/** The ranked search of /v1/insights/search, with a highlighted excerpt per result for the site. */
export async function searchInsightsWithSnippets(query: InsightSearch) {
  const { buildStamp } = await visibleContent();
  const { items, total, limit, offset } = await searchInsightsRanked(query);
  const expression = toFtsMatchExpression(query.q);
  const snippets = expression && items.length > 0 ? await snippetsById(buildStamp, expression) : new Map<string, RawSnippets>();
  const hits: InsightSearchHit[] = items.map(({ summary }) => ({ insight: summary, snippetHtml: bestSnippet(snippets.get(summary.id), summary) }));
  return { hits, total, limit, offset, query: query.q };
}

/** The body excerpt when the body matches, else the summary's; a title- or keyword-only match shows the summary. */
function bestSnippet(snippets: RawSnippets | undefined, summary: InsightBody): string {
  if (snippets && hasMatch(snippets.content)) return snippetToHtml(snippets.content);
  if (snippets && hasMatch(snippets.summary)) return snippetToHtml(snippets.summary);
  return escapeHtml(summary.summary);
}

/** Featured insights first, then the rest; each group newest first (the snapshot's order). */
export async function listInsightsFeaturedFirst(query: Page & { topic?: string }) {
  const { content } = await visibleContent();
  const topic = query.topic?.toLowerCase();
  const matching = content.insights
    .map((i) => i.summary)
    .filter((i) => !topic || (i.topics ?? []).some((t) => t.toLowerCase() === topic));
  const ordered = [...matching.filter((i) => i.featured), ...matching.filter((i) => !i.featured)];
  const { items, ...meta } = paginate(ordered, query);
  return { insights: items, ...meta };
}

/** Every topic of a published insight, alphabetically, with how many insights carry it. */
export async function listInsightTopics(): Promise<{ topic: string; count: number }[]> {
  const { content } = await visibleContent();
  const counts = new Map<string, number>();
  for (const insight of content.insights) {
    for (const topic of insight.summary.topics ?? []) counts.set(topic, (counts.get(topic) ?? 0) + 1);
  }
  return [...counts].map(([topic, count]) => ({ topic, count })).sort((a, b) => a.topic.localeCompare(b.topic));
}

/** The newest published insights for the Atom feed, and the content version that identifies them. */
export async function insightFeed(limit: number) {
  // The feed is public whoever asks: never drafts, even in a staff preview.
  const { content, buildStamp } = await contentSnapshot();
  return { insights: content.insights.slice(0, limit).map((i) => i.summary), buildStamp };
}

/** The published insights an insight relates to, in the author's order (drafts were removed when the snapshot was built). */
export async function listRelatedInsights(insightId: string): Promise<InsightBody[]> {
  const detail = await getInsight(insightId);
  const { content } = await visibleContent();
  return (detail.relatedInsights ?? []).flatMap((id) => {
    const related = content.insightsById.get(id);
    return related ? [related.summary] : [];
  });
}
