-- Insight search on PostgreSQL (hand-written; `npm run db:postgres-baseline` appends it to the baseline). Prisma
-- cannot model it, so `insight_search` is listed under `tables.external` in prisma.config.ts and migrate dev
-- neither diffs nor drops it. lib/domain/search/postgres/ writes it in the transaction that writes the Insight
-- rows and reads it (the SQLite twin is FTS5, prisma/migrations/*insight_search*).

-- Stemming like SQLite FTS5's `porter` tokenizer: PostgreSQL's `english` stemmer (Snowball English, "Porter 2")
-- groups words differently (bad/badly, focusing/focus, month/monthly); Snowball's original Porter algorithm with
-- the `english` stop words groups the seed's words as FTS5 does (except "us").
CREATE TEXT SEARCH DICTIONARY insight_porter (TEMPLATE = snowball, Language = porter, StopWords = english);
CREATE TEXT SEARCH CONFIGURATION insight_english (COPY = english);
ALTER TEXT SEARCH CONFIGURATION insight_english
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH insight_porter;

-- One row per insight. The vectors are built from text the application has already split into words exactly as
-- the query parser splits a query (letters and digits; everything else separates), so "$1.1" is the words 1 and
-- 1 here as in FTS5, and PostgreSQL only stems and weighs them.
CREATE TABLE insight_search (
    insight_id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    published_at TIMESTAMP(3),
    -- Lower-case topics, for `topics && ARRAY[...]`.
    topics TEXT[] NOT NULL,
    -- Title A, keywords B, summary C, content D, stemmed, stop words dropped (insight_english).
    document TSVECTOR NOT NULL,
    -- The same words unstemmed, stop words kept (simple): for a query of nothing but stop words.
    words TSVECTOR NOT NULL
);
CREATE INDEX insight_search_document_idx ON insight_search USING GIN (document);
CREATE INDEX insight_search_words_idx ON insight_search USING GIN (words);
