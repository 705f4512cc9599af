import type { InsightBody, InsightDetailBody } from '@/lib/contract/insights';
import { contentSnapshot } from '../content/snapshot';
import { visibleContent } from '../content-workflow/visible-content';
import type { HeroPlacement, PublishedContent, PublishedInsight } from '../content/published-content';
import { markdownWithImageUrls } from '../media/markdown-images';
import type { PublishedImage } from '../media/published-image';
import { contractImage } from '../media/published-image';
import { notFound } from '../../core/errors';
import { insightBody } from './insight-bodies';
import type { Page } from '../../core/pagination';
import { paginate } from '../../core/pagination';

/** How many featured insights the home page shows, and how many insights the Atom feed carries. */
export const HOME_FEATURED_INSIGHTS = 3;
export const INSIGHT_FEED_SIZE = 20;

/** The insights the home page features, in the content given (what publish impact compares). */
export function homeFeaturedInsights(content: PublishedContent): InsightBody[] {
  return content.insights
    .filter((i) => i.summary.featured)
    .slice(0, HOME_FEATURED_INSIGHTS)
    .map((i) => i.summary);
}

/** The insights the Atom feed carries, newest first. */
export function feedInsights(content: PublishedContent): InsightBody[] {
  return content.insights.slice(0, INSIGHT_FEED_SIZE).map((i) => i.summary);
}

export async function listInsights(query: Page & { featured?: boolean }) {
  const { content } = await visibleContent();
  const matching = query.featured === undefined ? content.insights : content.insights.filter((i) => i.summary.featured === query.featured);
  const { items, ...meta } = paginate(matching, query);
  return { insights: items.map((i) => i.summary), ...meta };
}

/** An insight as its page shows it: the body's Markdown as written (library images named by id) and its pictures. */
export interface InsightArticle {
  insight: InsightDetailBody;
  hero: HeroPlacement | null;
  /** The library images the body names that can be shown. */
  bodyImages: readonly PublishedImage[];
}

/** The article with its body, read from the database (bounded cache) rather than held in the snapshot. */
export async function getInsightArticle(insightId: string): Promise<InsightArticle> {
  const snapshot = await visibleContent();
  const insight = snapshot.content.insightsById.get(insightId);
  if (!insight) throw notFound('Insight', insightId);
  // A preview's draft body is not in the database yet.
  const content = snapshot.draftBodies?.get(insightId) ?? (await insightBody(insightId, insight.contentDigest));
  return {
    insight: { ...insight.summary, content, relatedInsights: insight.relatedInsights, keywords: insight.keywords },
    hero: insight.hero,
    bodyImages: insight.bodyImages,
  };
}

/** InsightDetail for /v1 and MCP: the hero as an `image` object, and images in the Markdown with absolute URLs. */
export async function getInsight(insightId: string): Promise<InsightDetailBody> {
  const { insight, hero, bodyImages } = await getInsightArticle(insightId);
  const { content, relatedInsights, keywords, ...summary } = insight;
  return {
    ...summary,
    ...(hero ? { image: contractImage(hero.image) } : {}),
    content: markdownWithImageUrls(content ?? '', bodyImages),
    relatedInsights,
    keywords,
  };
}

async function visibleInsight(insightId: string): Promise<PublishedInsight> {
  const { content } = await visibleContent();
  const insight = content.insightsById.get(insightId);
  if (!insight) throw notFound('Insight', insightId);
  return insight;
}

/** Featured insights first, then the rest; each group newest first (the snapshot's order). */
export async function listInsightsFeaturedFirst(query: Page & { topic?: string }) {
  const { content } = await visibleContent();
  const topic = query.topic?.toLowerCase();
  const matching = content.insights.map((i) => i.summary).filter((i) => !topic || (i.topics ?? []).some((t) => t.toLowerCase() === topic));
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
export async function insightFeed() {
  // The feed is public whoever asks: never drafts, even in a staff preview.
  const { content, buildStamp } = await contentSnapshot();
  return { insights: feedInsights(content), buildStamp };
}

/** The published insights an insight relates to, in the author's order (drafts were removed when the snapshot was built). */
export async function listRelatedInsights(insightId: string): Promise<InsightBody[]> {
  const insight = await visibleInsight(insightId);
  const { content } = await visibleContent();
  return insight.relatedInsights.flatMap((id) => {
    const related = content.insightsById.get(id);
    return related ? [related.summary] : [];
  });
}
