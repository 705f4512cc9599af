import type { InsightBody } from '@/lib/contract/insights';
import { asyncMemo } from '../../core/async-memo';
import type { ContentSnapshot } from '../content/snapshot';
import { visibleContent } from '../content-workflow/visible-content';
import type { PublishedInsight } from '../content/published-content';
import type { Page } from '../../core/pagination';
import { insightSearchEngine } from './insight-search-engine';
import type { InsightSearchRequest, RawSnippets } from './insight-search-port';
import { parseSearchQuery } from './parse-search-query';
import type { SearchQuery } from './search-query';
import { escapeHtml, hasMatch, snippetToHtml } from './snippet-html';

export interface InsightSearch extends Page {
  q: string;
  topics?: string[];
}

/**
 * The database ranks, filters, counts and pages; this process keeps only the answers, per content
 * version (build_stamp) and question, because published content changes rarely and queries repeat.
 */
const cachedPage = asyncMemo<string[]>(5000);
const cachedTotal = asyncMemo<{ total: number }>(5000);
const cachedSnippets = asyncMemo<ReadonlyMap<string, RawSnippets>>(1000);

interface RankedPage extends Page {
  items: PublishedInsight[];
  total: number;
  /** The parsed query, or null when the text holds nothing to search for. */
  query: SearchQuery | null;
  /** Identifies this page of this question in this content version. */
  pageKey: string;
}

/** One page of matches, best first, with the number of all matches; the metadata comes from the snapshot. */
export async function searchInsightsRanked(search: InsightSearch): Promise<RankedPage> {
  const snapshot = await visibleContent();
  const { limit, offset } = search;
  const query = parseSearchQuery(search.q);
  if (!query) return { items: [], total: 0, limit, offset, query, pageKey: '' };
  const request = searchRequest(snapshot, query, search.topics);
  const questionKey = JSON.stringify([snapshot.buildStamp, snapshot.includesDrafts, query, request.topics]);
  const pageKey = `${questionKey}\u0000${limit}\u0000${offset}`;
  const ids = await cachedPage(pageKey, () => insightSearchEngine.page({ ...request, limit, offset }));
  // A short page that is not past the end already tells the total; only a full page needs a count.
  const { total } = await cachedTotal(questionKey, async () =>
    ids.length < limit && (ids.length > 0 || offset === 0) ? { total: offset + ids.length } : { total: await insightSearchEngine.count(request) },
  );
  // The index may be a moment ahead of this snapshot; what the snapshot does not publish is left out.
  const items = ids.flatMap((id) => snapshot.content.insightsById.get(id) ?? []);
  return { items, total, limit, offset, query, pageKey };
}

function searchRequest(snapshot: ContentSnapshot, query: SearchQuery, topics: string[] | undefined): InsightSearchRequest {
  return {
    query,
    publishedBy: snapshot.includesDrafts ? null : snapshot.asOf,
    topics: [...new Set((topics ?? []).map((topic) => topic.toLowerCase()))].sort(),
  };
}

/** GET /v1/insights/search. */
export async function searchInsights(search: InsightSearch) {
  const { items, total } = await searchInsightsRanked(search);
  return { results: items.map((insight) => insight.summary), total, query: search.q };
}

export interface InsightSearchHit {
  insight: InsightBody;
  /** An excerpt around the matches; escaped HTML whose only elements are <mark>. */
  snippetHtml: string;
}

/** The ranked search of /v1/insights/search, with a highlighted excerpt per result of this page only, for the site. */
export async function searchInsightsWithSnippets(search: InsightSearch) {
  const { items, total, limit, offset, query, pageKey } = await searchInsightsRanked(search);
  const ids = items.map((insight) => insight.summary.id);
  const snippets =
    query && ids.length > 0
      ? await cachedSnippets(pageKey, async () => new Map((await insightSearchEngine.snippets(query, ids)).map((s) => [s.id, s])))
      : new Map<string, RawSnippets>();
  const hits: InsightSearchHit[] = items.map(({ summary }) => ({ insight: summary, snippetHtml: bestSnippet(snippets.get(summary.id), summary) }));
  return { hits, total, limit, offset, query: search.q };
}

/** The body excerpt when the body matches, else the summary's; a title- or keyword-only match shows the summary. */
function bestSnippet(snippets: RawSnippets | undefined, summary: InsightBody): string {
  if (snippets && hasMatch(snippets.content)) return snippetToHtml(snippets.content);
  if (snippets && hasMatch(snippets.summary)) return snippetToHtml(snippets.summary);
  return escapeHtml(summary.summary);
}
