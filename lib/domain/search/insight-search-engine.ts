import type { InsightSearchEngine } from './insight-search-port';
import { sqliteInsightSearch } from './sqlite/sqlite-insight-search';

/** The search engine of the database in use (SQLite today; PostgreSQL's adapter plugs in here). */
export const insightSearchEngine: InsightSearchEngine = sqliteInsightSearch;
