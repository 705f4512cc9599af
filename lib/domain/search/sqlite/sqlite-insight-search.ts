import { Prisma } from '@/lib/generated/prisma/client';
import type { InsightSearchEngine, InsightSearchRequest, RawSnippets, SearchTx } from '../insight-search-port';
import { MATCH_END, MATCH_START } from '../match-sentinels';
import type { SearchQuery } from '../search-query';
import { toFts5Match } from './fts5-match';
import { searchRead } from './search-connection';

/**
 * Insight search on SQLite FTS5 (tables from the migrations `insight_search`, `insight_search_at_scale`
 * and `insight_search_prefix_index`): `insight_search` holds title, summary, content and keywords under
 * the porter tokenizer, with prefix indexes for the word being typed; `insight_search_entry` holds per
 * insight, in small rows, what search filters on (status, publish time, topics), and its doc_id is the
 * insight's rowid in `insight_search`. Ranking, filtering, counting and paging happen in SQL; only the
 * ids of one page come back. Index writes run in the caller's Prisma transaction; reads run on the
 * search thread (search-connection.ts).
 */

/** bm25() column weights, in table order: title, summary, content, keywords (title > keywords > summary > content). */
const BM25 = 'bm25(insight_search, 10.0, 4.0, 1.0, 6.0)';
/** Column numbers for snippet(). */
const SUMMARY_COLUMN = 1;
const CONTENT_COLUMN = 2;
/** Tokens per excerpt: about two lines of a result list. */
const SNIPPET_TOKENS = 32;

const VISIBLE_BY = `AND e.status = 'published' AND (e.published_at IS NULL OR e.published_at <= ?)`;
const ON_ANY_TOPIC = 'AND EXISTS (SELECT 1 FROM json_each(e.topics) AS t WHERE t.value IN (SELECT value FROM json_each(?)))';

/**
 * FTS5 drives the join (CROSS JOIN keeps that order), so bm25() can run; each match then costs one
 * primary-key lookup of a small row, never a read of the article. Only a few SQL shapes exist (with or
 * without each filter), so their statements are prepared once.
 */
function matching({ query, publishedBy, topics }: InsightSearchRequest): { sql: string; params: (string | number)[] } {
  const sql = ['FROM insight_search CROSS JOIN insight_search_entry AS e ON e.doc_id = insight_search.rowid WHERE insight_search MATCH ?'];
  const params: (string | number)[] = [toFts5Match(query)];
  if (publishedBy !== null) {
    sql.push(VISIBLE_BY);
    params.push(publishedBy.getTime());
  }
  if (topics.length > 0) {
    sql.push(ON_ANY_TOPIC);
    params.push(JSON.stringify(topics));
  }
  return { sql: sql.join(' '), params };
}

/** Index rows from Insight rows: publish time as epoch ms (Prisma stores ISO text), topics lower-case, keywords as text. */
const ENTRY_COLUMNS = Prisma.sql`
  SELECT id, status, CAST(round(unixepoch(publishedAt, 'subsec') * 1000) AS INTEGER), lower(topics) FROM "Insight"`;
const DOCUMENT_COLUMNS = Prisma.sql`
  SELECT e.doc_id, i.title, i.summary, i.content, (SELECT group_concat(k.value, ' ') FROM json_each(i.keywords) AS k)
  FROM "Insight" AS i JOIN insight_search_entry AS e ON e.insight_id = i.id`;

export const sqliteInsightSearch: InsightSearchEngine = {
  async reindex(tx: SearchTx, insightIds: string[]) {
    if (insightIds.length === 0) return;
    const ids = Prisma.join(insightIds);
    await tx.$executeRaw`DELETE FROM insight_search WHERE rowid IN (SELECT doc_id FROM insight_search_entry WHERE insight_id IN (${ids}))`;
    await tx.$executeRaw`DELETE FROM insight_search_entry WHERE insight_id IN (${ids})`;
    await tx.$executeRaw`INSERT INTO insight_search_entry (insight_id, status, published_at, topics) ${ENTRY_COLUMNS} WHERE id IN (${ids})`;
    await tx.$executeRaw`INSERT INTO insight_search (rowid, title, summary, content, keywords) ${DOCUMENT_COLUMNS} WHERE i.id IN (${ids})`;
  },

  async rebuildAll(tx: SearchTx) {
    await tx.$executeRaw`DELETE FROM insight_search`;
    await tx.$executeRaw`DELETE FROM insight_search_entry`;
    await tx.$executeRaw`INSERT INTO insight_search_entry (insight_id, status, published_at, topics) ${ENTRY_COLUMNS}`;
    await tx.$executeRaw`INSERT INTO insight_search (rowid, title, summary, content, keywords) ${DOCUMENT_COLUMNS}`;
    // One merged segment per term: queries read one doclist instead of merging many after a bulk load.
    await tx.$executeRaw`INSERT INTO insight_search (insight_search) VALUES ('optimize')`;
  },

  async page(request) {
    const { sql, params } = matching(request);
    const ranked = `SELECT e.insight_id ${sql} ORDER BY ${BM25}, e.insight_id LIMIT ? OFFSET ?`;
    return searchRead<string[]>(ranked, [...params, request.limit, request.offset], 'column');
  },

  async count(request) {
    const { sql, params } = matching(request);
    return searchRead<number>(`SELECT count(*) ${sql}`, params, 'value');
  },

  async snippets(query: SearchQuery, insightIds: string[]): Promise<RawSnippets[]> {
    if (insightIds.length === 0) return [];
    const sql = `
      SELECT e.insight_id AS id,
        snippet(insight_search, ${CONTENT_COLUMN}, ?, ?, '…', ${SNIPPET_TOKENS}) AS content,
        snippet(insight_search, ${SUMMARY_COLUMN}, ?, ?, '…', ${SNIPPET_TOKENS}) AS summary
      FROM insight_search_entry AS e CROSS JOIN insight_search ON insight_search.rowid = e.doc_id
      WHERE e.insight_id IN (SELECT value FROM json_each(?)) AND insight_search MATCH ?`;
    const params = [MATCH_START, MATCH_END, MATCH_START, MATCH_END, JSON.stringify(insightIds), toFts5Match(query)];
    return searchRead<RawSnippets[]>(sql, params, 'rows');
  },
};
