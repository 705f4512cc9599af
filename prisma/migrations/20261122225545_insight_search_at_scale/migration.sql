-- AlterTable
ALTER TABLE "Insight" ADD COLUMN "contentDigest" TEXT;
ALTER TABLE "Insight" ADD COLUMN "readTime" INTEGER;

-- Search that scales (hand-written; see prisma.config.ts `tables.external`).
-- `insight_search_entry` holds, per insight, what search filters on (visibility, topics) in small rows,
-- so filtering never reads article bodies; its doc_id is the rowid of the insight's row in the FTS5
-- table. The FTS5 table keeps only the four searched columns, in bm25 weight order of the adapter.
-- `readTime` and `contentDigest` of existing rows are filled by the seed step at the next start
-- (SQLite has no sha256); until then they are NULL, which every reader accepts.
CREATE TABLE insight_search_entry (
    doc_id INTEGER PRIMARY KEY,
    insight_id TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL,
    published_at INTEGER,
    topics TEXT NOT NULL
);

DROP TABLE insight_search;
CREATE VIRTUAL TABLE insight_search USING fts5(title, summary, content, keywords, tokenize = 'porter unicode61 remove_diacritics 2');

INSERT INTO insight_search_entry (insight_id, status, published_at, topics)
SELECT id, status, CAST(round(unixepoch(publishedAt, 'subsec') * 1000) AS INTEGER), lower(topics) FROM "Insight";

INSERT INTO insight_search (rowid, title, summary, content, keywords)
SELECT e.doc_id, i.title, i.summary, i.content, (SELECT group_concat(k.value, ' ') FROM json_each(i.keywords) AS k)
FROM "Insight" AS i JOIN insight_search_entry AS e ON e.insight_id = i.id;
