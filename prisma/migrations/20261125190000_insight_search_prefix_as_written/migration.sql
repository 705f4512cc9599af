-- The word being typed is matched against the words as written (hand-written; see prisma.config.ts `tables.external`).
-- The search index holds stems, so a prefix that runs past a word's stem ("evaporat" in "evaporating", stem "evapor")
-- began no term and found nothing. `insight_search_word` is the vocabulary of the indexed articles, the distinct
-- words as written (folded like the index folds them: "café" is "cafe"); the search thread looks up the words the
-- typed text begins there and names those whose stem is shorter than it in the query, as whole words
-- (lib/domain/search/typed-word.ts). A plain table of words, because its range reads cost microseconds where
-- fts5vocab over a full-text index counts every document of every word it lists (1 to 6 ms for a two- or three-letter
-- prefix at 10,000 articles). Words of edited or deleted articles stay until the index is rebuilt; they only make a
-- query name a word that matches nothing.
CREATE TABLE insight_search_word (
    word TEXT PRIMARY KEY
) WITHOUT ROWID;

-- The articles being indexed, cut into words by the search index's tokenizer without its stemmer, so the vocabulary
-- holds exactly the words FTS5 reads. Empty between writes: the adapter fills it with the articles it indexes,
-- copies the words that fts5vocab lists into insight_search_word, and empties it, in the same transaction.
CREATE VIRTUAL TABLE insight_search_word_staging USING fts5(
    title, summary, content, keywords,
    tokenize = 'unicode61 remove_diacritics 2',
    content = '', detail = none, columnsize = 0
);
CREATE VIRTUAL TABLE insight_search_word_staging_vocab USING fts5vocab(insight_search_word_staging, row);

INSERT INTO insight_search_word_staging (rowid, title, summary, content, keywords)
SELECT rowid, title, summary, content, keywords FROM insight_search;
INSERT INTO insight_search_word (word) SELECT term FROM insight_search_word_staging_vocab;
INSERT INTO insight_search_word_staging (insight_search_word_staging) VALUES ('delete-all');
