import type { Prisma } from '@/lib/generated/prisma/client';
import type { SearchQuery } from './search-query';

/**
 * The one place the database engines differ: full-text search over insights. SQLite implements it with
 * FTS5 (sqlite/), PostgreSQL will with a weighted tsvector. Both compile the same parsed SearchQuery, rank
 * title > keywords > summary > content, and filter, rank, count and page inside the database.
 */
export interface InsightSearchEngine {
  /** Brings the index of these insights in line with their rows (inside the transaction that wrote them). */
  reindex(tx: SearchTx, insightIds: string[]): Promise<void>;
  /** Rebuilds the whole index from the Insight table (after an import or a bulk load). */
  rebuildAll(tx: SearchTx): Promise<void>;
  /** Ids of one page of matches, best first (ties by id). */
  page(request: InsightSearchPageRequest): Promise<string[]>;
  /** How many insights match, over all pages. */
  count(request: InsightSearchRequest): Promise<number>;
  /** Excerpts around the matches, for these ids only (those that match; others are left out). */
  snippets(query: SearchQuery, insightIds: string[]): Promise<RawSnippets[]>;
}

export type SearchTx = Pick<Prisma.TransactionClient, '$executeRaw' | '$queryRaw'>;

export interface InsightSearchRequest {
  query: SearchQuery;
  /**
   * Only insights published at or before this instant, and never drafts; null (a staff preview) finds
   * drafts and scheduled insights too, as the preview shows them.
   */
  publishedBy: Date | null;
  /** Lower-case topics; an insight with any of them matches. Empty: any topic. */
  topics: string[];
}

export interface InsightSearchPageRequest extends InsightSearchRequest {
  limit: number;
  offset: number;
}

export interface RawSnippets {
  id: string;
  /** Excerpt of the article body around the matches, matches between MATCH_START and MATCH_END; plain text, not HTML. */
  content: string;
  /** The same for the summary, for articles that match only in their title, summary or keywords. */
  summary: string;
}
