import { Prisma } from '@/lib/generated/prisma/client';
import type { InsightSearchEngine, InsightSearchRequest, RawSnippets, SearchTx } from '../insight-search-port';
import { MATCH_END, MATCH_START } from '../match-sentinels';
import type { SearchQuery } from '../search-query';
import type { VocabularyRow } from '../typed-word';
import { matchesSomething, typedWordMatcher } from '../typed-word';
import { toFts5Match } from './fts5-match';
import { searchRead } from './search-connection';

/**
 * Insight search on SQLite FTS5 (tables from the migrations `insight_search`, `insight_search_at_scale`,
 * `insight_search_prefix_index` and `insight_search_prefix_as_written`): `insight_search` holds title, summary,
 * content and keywords under the porter tokenizer, with prefix indexes for the word being typed;
 * `insight_search_entry` holds per insight, in small rows, what search filters on (status, publish time, topics), and
 * its doc_id is the insight's rowid in `insight_search`; `insight_search_word` holds the words as written, for the
 * word being typed (typed-word.ts). Ranking, filtering, counting and paging happen in SQL; only the ids of one page
 * come back. Index writes run in the caller's Prisma transaction; reads run on the search thread
 * (search-connection.ts).
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
async function matching({ query, publishedBy, topics }: InsightSearchRequest): Promise<{ sql: string; params: (string | number)[] } | null> {
  const match = await fts5Match(query);
  if (match === null) return null;
  const sql = ['FROM insight_search CROSS JOIN insight_search_entry AS e ON e.doc_id = insight_search.rowid WHERE insight_search MATCH ?'];
  const params: (string | number)[] = [match];
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

/**
 * The words that begin with the typed text, with the stem the index holds for each (`insight_stem`, a function of the
 * search thread's connection, search-worker.mjs), and the typed text's own stem: one row (typed-word.ts).
 */
const VOCABULARY = `SELECT insight_stem(?) AS typed_stem,
  (SELECT json_group_array(json_array(word, insight_stem(word)))
   FROM (SELECT word FROM insight_search_word WHERE word >= ? AND word < ? ORDER BY word LIMIT ?)) AS words`;

const typedWordMatch = typedWordMatcher(
  async (typed, beyond, limit) => (await searchRead<VocabularyRow[]>(VOCABULARY, [typed, typed, beyond, limit], 'rows'))[0],
);

/** The MATCH expression of a query, with the word being typed looked up in the vocabulary; null when nothing can match. */
async function fts5Match(query: SearchQuery): Promise<string | null> {
  const typed = await typedWordMatch(query);
  return matchesSomething(typed) ? toFts5Match(query, typed) : null;
}

/** Index rows from Insight rows: publish time as epoch ms (Prisma stores ISO text), topics lower-case, keywords as text. */
const ENTRY_COLUMNS = Prisma.sql`
  SELECT id, status, CAST(round(unixepoch(publishedAt, 'subsec') * 1000) AS INTEGER), lower(topics) FROM "Insight"`;
const DOCUMENT_COLUMNS = Prisma.sql`
  SELECT e.doc_id, i.title, i.summary, i.content, (SELECT group_concat(k.value, ' ') FROM json_each(i.keywords) AS k)
  FROM "Insight" AS i JOIN insight_search_entry AS e ON e.insight_id = i.id`;

/**
 * Adds the words of these documents, as written, to the vocabulary: FTS5 cuts them into words in the staging table
 * (the index's tokenizer without its stemmer) and fts5vocab lists them; the staging table is left empty. The bodies
 * never leave SQLite.
 */
async function addWords(tx: SearchTx, documents: Prisma.Sql): Promise<void> {
  await tx.$executeRaw`INSERT INTO insight_search_word_staging (rowid, title, summary, content, keywords) ${documents}`;
  await tx.$executeRaw`INSERT OR IGNORE INTO insight_search_word (word) SELECT term FROM insight_search_word_staging_vocab`;
  await tx.$executeRaw`INSERT INTO insight_search_word_staging (insight_search_word_staging) VALUES ('delete-all')`;
}

export const sqliteInsightSearch: InsightSearchEngine = {
  async reindex(tx: SearchTx, insightIds: string[]) {
    if (insightIds.length === 0) return;
    const ids = Prisma.join(insightIds);
    await tx.$executeRaw`DELETE FROM insight_search WHERE rowid IN (SELECT doc_id FROM insight_search_entry WHERE insight_id IN (${ids}))`;
    await tx.$executeRaw`DELETE FROM insight_search_entry WHERE insight_id IN (${ids})`;
    await tx.$executeRaw`INSERT INTO insight_search_entry (insight_id, status, published_at, topics) ${ENTRY_COLUMNS} WHERE id IN (${ids})`;
    await tx.$executeRaw`INSERT INTO insight_search (rowid, title, summary, content, keywords) ${DOCUMENT_COLUMNS} WHERE i.id IN (${ids})`;
    // Words no longer in the article stay in the vocabulary until a rebuild: they only name a word that matches nothing.
    await addWords(tx, Prisma.sql`${DOCUMENT_COLUMNS} WHERE i.id IN (${ids})`);
  },

  async rebuildAll(tx: SearchTx) {
    await tx.$executeRaw`DELETE FROM insight_search`;
    await tx.$executeRaw`DELETE FROM insight_search_entry`;
    await tx.$executeRaw`DELETE FROM insight_search_word`;
    await tx.$executeRaw`INSERT INTO insight_search_entry (insight_id, status, published_at, topics) ${ENTRY_COLUMNS}`;
    await tx.$executeRaw`INSERT INTO insight_search (rowid, title, summary, content, keywords) ${DOCUMENT_COLUMNS}`;
    await addWords(tx, DOCUMENT_COLUMNS);
    // One merged segment per term: queries read one doclist instead of merging many after a bulk load.
    await tx.$executeRaw`INSERT INTO insight_search (insight_search) VALUES ('optimize')`;
  },

  async page(request) {
    const match = await matching(request);
    if (match === null) return [];
    const { sql, params } = match;
    const ranked = `SELECT e.insight_id ${sql} ORDER BY ${BM25}, e.insight_id LIMIT ? OFFSET ?`;
    return searchRead<string[]>(ranked, [...params, request.limit, request.offset], 'column');
  },

  async count(request) {
    const match = await matching(request);
    if (match === null) return 0;
    const { sql, params } = match;
    return searchRead<number>(`SELECT count(*) ${sql}`, params, 'value');
  },

  async snippets(query: SearchQuery, insightIds: string[]): Promise<RawSnippets[]> {
    if (insightIds.length === 0) return [];
    const match = await fts5Match(query);
    if (match === null) return [];
    const sql = `
      SELECT e.insight_id AS id,
        snippet(insight_search, ${CONTENT_COLUMN}, ?, ?, '…', ${SNIPPET_TOKENS}) AS content,
        snippet(insight_search, ${SUMMARY_COLUMN}, ?, ?, '…', ${SNIPPET_TOKENS}) AS summary
      FROM insight_search_entry AS e CROSS JOIN insight_search ON insight_search.rowid = e.doc_id
      WHERE e.insight_id IN (SELECT value FROM json_each(?)) AND insight_search MATCH ?`;
    const params = [MATCH_START, MATCH_END, MATCH_START, MATCH_END, JSON.stringify(insightIds), match];
    return searchRead<RawSnippets[]>(sql, params, 'rows');
  },
};
