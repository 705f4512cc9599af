import type { Db } from '@/lib/db/client';
import { db } from '@/lib/db/client';
import { MATCH_END, MATCH_START } from './match-sentinels';

/**
 * The only raw SQL in the domain: SQLite FTS5 (virtual table `insight_search`, created by a migration).
 * A PostgreSQL adapter would implement the same functions with tsvector and ts_headline.
 */

export interface RankedMatch {
  id: string;
  rank: number;
}

export interface IndexedInsight {
  id: string;
  title: string;
  summary: string;
  content: string;
  keywords: string[];
}

/** Column weights for bm25(): insight_id (unindexed), title, summary, content, keywords. */
const BM25_WEIGHTS = [0, 10, 4, 1, 6] as const;

export async function matchInsights(matchExpression: string): Promise<RankedMatch[]> {
  const [w0, w1, w2, w3, w4] = BM25_WEIGHTS;
  return db.$queryRaw<RankedMatch[]>`
    SELECT insight_id AS id, bm25(insight_search, ${w0}, ${w1}, ${w2}, ${w3}, ${w4}) AS rank
    FROM insight_search
    WHERE insight_search MATCH ${matchExpression}
    ORDER BY rank, insight_id`;
}

export interface RawSnippets {
  id: string;
  /** Excerpt of the article body around the matches, matches between MATCH_START and MATCH_END; plain text, not HTML. */
  content: string;
  /** The same for the summary, for articles that match only in their title, summary or keywords. */
  summary: string;
}

/** Column numbers for snippet(): 0 insight_id, 1 title, 2 summary, 3 content, 4 keywords. */
const SUMMARY_COLUMN = 2;
const CONTENT_COLUMN = 3;
/** Tokens per excerpt: about two lines of a result list. */
const SNIPPET_TOKENS = 32;

/** Excerpts around the matches of every insight the expression matches (drafts included, as in matchInsights). */
export async function snippetInsights(matchExpression: string): Promise<RawSnippets[]> {
  return db.$queryRaw<RawSnippets[]>`
    SELECT insight_id AS id,
      snippet(insight_search, ${CONTENT_COLUMN}, ${MATCH_START}, ${MATCH_END}, '…', ${SNIPPET_TOKENS}) AS content,
      snippet(insight_search, ${SUMMARY_COLUMN}, ${MATCH_START}, ${MATCH_END}, '…', ${SNIPPET_TOKENS}) AS summary
    FROM insight_search
    WHERE insight_search MATCH ${matchExpression}`;
}

type Tx = Pick<Db, '$executeRaw'>;

/** Replaces the index rows of these insights (drafts too: visibility is decided by the content snapshot). */
export async function indexInsights(tx: Tx, insights: IndexedInsight[]): Promise<void> {
  for (const insight of insights) {
    await tx.$executeRaw`DELETE FROM insight_search WHERE insight_id = ${insight.id}`;
    await tx.$executeRaw`
      INSERT INTO insight_search (insight_id, title, summary, content, keywords)
      VALUES (${insight.id}, ${insight.title}, ${insight.summary}, ${insight.content}, ${insight.keywords.join(' ')})`;
  }
}

export async function clearInsightIndex(tx: Tx): Promise<void> {
  await tx.$executeRaw`DELETE FROM insight_search`;
}
