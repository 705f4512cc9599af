-- Full-text search index for insights (SQLite FTS5), maintained by the application.
-- Hand-written: Prisma cannot model virtual tables. `insight_search` and the shadow tables FTS5
-- creates for it (insight_search_data, _idx, _content, _docsize, _config) are listed under
-- `tables.external` in prisma.config.ts, so `migrate dev` neither diffs nor drops them.
CREATE VIRTUAL TABLE insight_search USING fts5(insight_id UNINDEXED, title, summary, content, keywords, tokenize = 'porter unicode61 remove_diacritics 2');
