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

-- The words as written in the indexed articles (the lexemes of `words`), for the word being typed: the index holds
-- stems, so a prefix that runs past a word's stem ("evaporat" in "evaporating", stem "evapor") began no lexeme. The
-- adapter looks up the words the typed text begins here and names those whose stem is shorter than it in the query,
-- as whole words (lib/domain/search/typed-word.ts). "C" order, so the words that begin with a text are one range of
-- the key, as on SQLite. Words of edited or deleted articles stay until the index is rebuilt; they only name a word
-- that matches nothing. The INSERT fills it from rows indexed before it (none in a new database).
CREATE TABLE insight_search_word (
    word TEXT COLLATE "C" PRIMARY KEY
);
INSERT INTO insight_search_word (word) SELECT DISTINCT unnest(tsvector_to_array(words)) FROM insight_search;

-- The lexeme the index holds for one word as written ("evaporating" → "evapor"), or NULL when it holds none (a stop
-- word) or several: the same reading as the index's, through insight_english.
CREATE FUNCTION insight_stem(word TEXT) RETURNS TEXT
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT CASE WHEN length(v) = 1 THEN (tsvector_to_array(v))[1] END FROM to_tsvector('insight_english'::regconfig, word) AS v $$;
