import { databaseEngine } from '@/lib/db/engine';
import type { InsightSearchEngine } from './insight-search-port';
import { postgresInsightSearch } from './postgres/postgres-insight-search';
import { sqliteInsightSearch } from './sqlite/sqlite-insight-search';

const engines = { sqlite: sqliteInsightSearch, postgresql: postgresInsightSearch } as const;

/** The adapter of the database in use (DATABASE_URL decides), chosen at each call so nothing fixes it at import. */
const current = (): InsightSearchEngine => engines[databaseEngine()];

/** The search engine of the database in use: SQLite FTS5 or PostgreSQL full-text search, behind one port. */
export const insightSearchEngine: InsightSearchEngine = {
  reindex: (tx, insightIds) => current().reindex(tx, insightIds),
  rebuildAll: (tx) => current().rebuildAll(tx),
  page: (request) => current().page(request),
  count: (request) => current().count(request),
  snippets: (query, insightIds) => current().snippets(query, insightIds),
};
