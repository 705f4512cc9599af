import { db } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import type { InsightSearchEngine, InsightSearchRequest, RawSnippets, SearchTx } from '../insight-search-port';
import { MATCH_END, MATCH_START } from '../match-sentinels';
import type { SearchQuery } from '../search-query';
import type { VocabularyRow } from '../typed-word';
import { matchesSomething, typedWordMatcher } from '../typed-word';
import { searchableText } from './search-text';
import type { CompiledQuery } from './tsquery';
import { toTsQuery } from './tsquery';

/**
 * Insight search on PostgreSQL (tables `insight_search` and `insight_search_word`, prisma/postgres/insight-search.sql):
 * per insight a weighted tsvector (title A, keywords B, summary C, content D) under `insight_english` (Porter
 * stemming, English stop words) with a GIN index, a `simple` vector for queries of stop words only, and what search
 * filters on (status, publish time, topics); and the words as written, for the word being typed (typed-word.ts).
 * Ranking (ts_rank_cd), filtering, counting and paging happen in SQL; only the ids of one page come back. Index
 * writes run in the caller's transaction.
 */

/** ts_rank_cd weights in PostgreSQL's order {D, C, B, A}: content 1, summary 4, keywords 6, title 10, as bm25 on SQLite. */
const WEIGHTS = '{0.1, 0.4, 0.6, 1.0}';
/** Rank divided by 1 + log(document length), so a long article does not win on length alone (bm25 does the same). */
const LENGTH_NORMALIZATION = 1;
/** Words per excerpt: about two lines of a result list, as the SQLite snippets. */
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=32, MinWords=16, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "`;
/** Stands in for `<` while ts_headline reads the text (see snippets). */
const TAG_OPENER = '\u0001';
/** Rows per INSERT when the whole index is rebuilt (bodies pass through this process). */
const REBUILD_BATCH = 200;

const vectorOf = (compiled: CompiledQuery) => Prisma.raw(compiled.stopWordsOnly ? 's.words' : 's.document');
const tsquery = (config: string, text: string) => Prisma.sql`to_tsquery(${Prisma.raw(`'${config}'`)}::regconfig, ${text})`;

/** The words that begin with the typed text with their lexemes, and the typed text's own lexeme: one row (typed-word.ts). */
const vocabulary = (typed: string, beyond: string, limit: number) => Prisma.sql`SELECT insight_stem(${typed}) AS typed_stem,
  CAST((SELECT json_agg(json_build_array(w.word, insight_stem(w.word)))
   FROM (SELECT word FROM insight_search_word WHERE word >= ${typed} AND word < ${beyond} ORDER BY word LIMIT ${limit}) AS w) AS text) AS words`;

const typedWordMatch = typedWordMatcher(async (typed, beyond, limit) => (await db.$queryRaw<VocabularyRow[]>(vocabulary(typed, beyond, limit)))[0]);

/** The query compiled, with the word being typed looked up in the vocabulary; null when nothing can match. */
async function compile(query: SearchQuery): Promise<CompiledQuery | null> {
  const typed = await typedWordMatch(query);
  return matchesSomething(typed) ? toTsQuery(query, typed) : null;
}

function matching({ publishedBy, topics }: Pick<InsightSearchRequest, 'publishedBy' | 'topics'>, compiled: CompiledQuery) {
  const conditions = [Prisma.sql`${vectorOf(compiled)} @@ q.include`];
  if (compiled.exclude !== null) conditions.push(Prisma.sql`NOT (s.document @@ ${tsquery('insight_english', compiled.exclude)})`);
  if (publishedBy !== null) conditions.push(Prisma.sql`s.status = 'published' AND (s.published_at IS NULL OR s.published_at <= ${publishedBy})`);
  if (topics.length > 0) conditions.push(Prisma.sql`s.topics && ARRAY(SELECT jsonb_array_elements_text(CAST(${JSON.stringify(topics)} AS jsonb)))`);
  return {
    /** The index with the query beside each row, as `q.include`. */
    from: Prisma.sql`insight_search AS s CROSS JOIN (SELECT ${tsquery(compiled.config, compiled.include)} AS include) AS q`,
    where: Prisma.join(conditions, ' AND '),
  };
}

interface InsightText {
  id: string;
  status: string;
  published_at: Date | null;
  topics: string;
  keywords: string;
  title: string;
  summary: string;
  content: string;
}

const INSIGHT_TEXT = Prisma.sql`SELECT id, status, "publishedAt" AS published_at, CAST(topics AS text) AS topics,
  CAST(keywords AS text) AS keywords, title, summary, content FROM "Insight"`;

const weighted = (config: string) =>
  Prisma.raw(
    [
      ['title', 'A'],
      ['keywords', 'B'],
      ['summary', 'C'],
      ['content', 'D'],
    ]
      .map(([column, weight]) => `setweight(to_tsvector('${config}', r.${column}), '${weight}')`)
      .join(' || '),
  );

/** Writes the index rows of these insights; their text is cut into words here (searchableText), PostgreSQL stems it. */
async function insertDocuments(tx: SearchTx, rows: InsightText[]): Promise<void> {
  if (rows.length === 0) return;
  const documents = rows.map((row) => ({
    id: row.id,
    status: row.status,
    published_at: row.published_at?.toISOString() ?? null,
    topics: (JSON.parse(row.topics) as string[]).map((topic) => topic.toLowerCase()),
    title: searchableText(row.title),
    keywords: searchableText((JSON.parse(row.keywords) as string[]).join(' ')),
    summary: searchableText(row.summary),
    content: searchableText(row.content),
  }));
  // The vocabulary gains the words of the unstemmed vector. Words no longer in an article stay until a rebuild: they
  // only name a word that matches nothing.
  await tx.$executeRaw`
    WITH indexed AS (
      INSERT INTO insight_search (insight_id, status, published_at, topics, document, words)
      SELECT r.id, r.status, CAST(r.published_at AS timestamp(3)), ARRAY(SELECT jsonb_array_elements_text(r.topics)),
        ${weighted('insight_english')}, ${weighted('simple')}
      FROM jsonb_to_recordset(CAST(${JSON.stringify(documents)} AS jsonb))
        AS r(id text, status text, published_at text, topics jsonb, title text, keywords text, summary text, content text)
      RETURNING words)
    INSERT INTO insight_search_word (word) SELECT DISTINCT unnest(tsvector_to_array(words)) FROM indexed ON CONFLICT DO NOTHING`;
}

export const postgresInsightSearch: InsightSearchEngine = {
  async reindex(tx: SearchTx, insightIds: string[]) {
    if (insightIds.length === 0) return;
    const ids = Prisma.join(insightIds);
    await tx.$executeRaw`DELETE FROM insight_search WHERE insight_id IN (${ids})`;
    await insertDocuments(tx, await tx.$queryRaw<InsightText[]>`${INSIGHT_TEXT} WHERE id IN (${ids})`);
  },

  async rebuildAll(tx: SearchTx) {
    await tx.$executeRaw`DELETE FROM insight_search`;
    await tx.$executeRaw`DELETE FROM insight_search_word`;
    // In batches by id, so rebuilding 10,000 articles never holds every body in memory at once.
    for (let after = ''; ;) {
      const rows = await tx.$queryRaw<InsightText[]>`${INSIGHT_TEXT} WHERE id COLLATE "C" > ${after} ORDER BY id COLLATE "C" LIMIT ${REBUILD_BATCH}`;
      await insertDocuments(tx, rows);
      if (rows.length < REBUILD_BATCH) break;
      after = rows.at(-1)!.id;
    }
  },

  async page(request) {
    const compiled = await compile(request.query);
    if (compiled === null) return [];
    const { from, where } = matching(request, compiled);
    // Ties by id in code-point order (COLLATE "C"), as SQLite orders text, whatever the database's collation.
    const rows = await db.$queryRaw<{ insight_id: string }[]>`SELECT s.insight_id FROM ${from} WHERE ${where}
      ORDER BY ts_rank_cd(${WEIGHTS}::float4[], ${vectorOf(compiled)}, q.include, ${LENGTH_NORMALIZATION}::int) DESC, s.insight_id COLLATE "C"
      LIMIT ${request.limit} OFFSET ${request.offset}`;
    return rows.map((row) => row.insight_id);
  },

  async count(request) {
    const compiled = await compile(request.query);
    if (compiled === null) return 0;
    const { from, where } = matching(request, compiled);
    const [row] = await db.$queryRaw<{ count: number }[]>`SELECT CAST(count(*) AS integer) AS count FROM ${from} WHERE ${where}`;
    return row?.count ?? 0;
  },

  /**
   * ts_headline over the stored text: matches between the sentinels, like FTS5's snippet(). PostgreSQL's parser reads
   * `<…>` as a markup tag and leaves it out of a headline, so `<` goes in as \u0001 (text that is no tag, dropped from
   * the article first) and comes back: the excerpt shows the article's text as written, and snippetToHtml escapes it.
   */
  async snippets(query: SearchQuery, insightIds: string[]): Promise<RawSnippets[]> {
    if (insightIds.length === 0) return [];
    const compiled = await compile(query);
    if (compiled === null) return [];
    const { from, where } = matching({ publishedBy: null, topics: [] }, compiled);
    const headline = (column: string) =>
      Prisma.sql`ts_headline(${Prisma.raw(`'${compiled.config}'`)}::regconfig, replace(replace(i.${Prisma.raw(column)}, chr(1), ''), '<', chr(1)), q.include, ${HEADLINE_OPTIONS})`;
    const rows = await db.$queryRaw<RawSnippets[]>`
      SELECT i.id, ${headline('content')} AS content, ${headline('summary')} AS summary
      FROM ${from} JOIN "Insight" AS i ON i.id = s.insight_id
      WHERE ${where} AND s.insight_id IN (${Prisma.join(insightIds)})`;
    return rows.map((row) => ({ id: row.id, content: row.content.replaceAll(TAG_OPENER, '<'), summary: row.summary.replaceAll(TAG_OPENER, '<') }));
  },
};
