-- Prefix indexes for search-as-you-type (hand-written; see prisma.config.ts `tables.external`).
-- The last word of a query being typed is a prefix. Without a prefix index FTS5 answers `"word"*` by
-- merging, per query, the doclists (with positions) of every term that starts with it: at 10,000
-- articles that was a third of a search's time. With an index per prefix length FTS5 reads one
-- stored doclist instead. Lengths 2 to 10 cover what people type (a query's prefix has at least two
-- characters; longer prefixes still work, by the merge). The index is larger by about three times the
-- size of the term index; the article text it stores is unchanged.
DROP TABLE insight_search;
CREATE VIRTUAL TABLE insight_search USING fts5(
    title, summary, content, keywords,
    tokenize = 'porter unicode61 remove_diacritics 2',
    prefix = '2 3 4 5 6 7 8 9 10'
);

INSERT INTO insight_search (rowid, title, summary, content, keywords)
SELECT e.doc_id, i.title, i.summary, i.content, (SELECT group_concat(k.value, ' ') FROM json_each(i.keywords) AS k)
FROM "Insight" AS i JOIN insight_search_entry AS e ON e.insight_id = i.id;

INSERT INTO insight_search (insight_search) VALUES ('optimize');
