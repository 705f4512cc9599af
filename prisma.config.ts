// Prisma CLI configuration (Prisma 7 reads no .env file by itself; this file is the CLI's config).
// Call the CLI through `node tools/prisma-offline/prisma.mjs ...`: it runs stock Prisma, or, on a machine without the
// native schema engine (offline), points Prisma at the Wasm-based shim in tools/prisma-offline/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'prisma/config';

/** Directory of this file: the project root. Relative SQLite paths resolve against it. */
const projectRoot = path.dirname(fileURLToPath(import.meta.url));

/** Default database: a SQLite file under data/ (relative to the project root). */
const DEFAULT_DATABASE_URL = 'file:./data/app.db';

const databaseUrl = process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;

/**
 * The URL's scheme picks the engine, and with it the schema and the migrations folder: each provider has its own
 * (prisma/postgres/schema.prisma is written from prisma/schema.prisma and differs only in the provider).
 */
const postgres = /^postgres(ql)?:\/\//i.test(databaseUrl);

/**
 * SQLite cannot create a database file in a missing directory, so create the parent
 * directory of a `file:` URL (e.g. data/) before any command touches the database.
 */
function ensureSqliteDirectory(url: string): void {
  if (!url.startsWith('file:')) return;
  let file = url.slice('file:'.length).replace(/[?#].*$/, '');
  if (file.startsWith('//')) file = file.slice(2); // file:///abs/path.db
  if (file === '' || file === ':memory:') return;
  const dir = path.dirname(path.resolve(projectRoot, decodeURIComponent(file)));
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch {
    // Not fatal here: the command that opens the database reports the real problem.
  }
}

ensureSqliteDirectory(databaseUrl);

/**
 * The FTS5 search index and its filter table (created by hand-written migrations) and the shadow tables SQLite keeps
 * for it; the vocabulary of words as written, and the FTS5 table (with its shadow tables and fts5vocab view) that
 * fills it.
 */
const sqliteSearchTables = [
  'insight_search_entry',
  'insight_search',
  'insight_search_data',
  'insight_search_idx',
  'insight_search_content',
  'insight_search_docsize',
  'insight_search_config',
  'insight_search_word',
  'insight_search_word_staging',
  'insight_search_word_staging_data',
  'insight_search_word_staging_idx',
  'insight_search_word_staging_config',
  'insight_search_word_staging_vocab',
];
/**
 * PostgreSQL's search index: one row per insight with its weighted tsvectors, and the vocabulary of words as written
 * (prisma/postgres/insight-search.sql); PostgreSQL wants schema-qualified names.
 */
const postgresSearchTables = ['public.insight_search', 'public.insight_search_word'];

export default defineConfig({
  schema: postgres ? 'prisma/postgres/schema.prisma' : 'prisma/schema.prisma',
  migrations: {
    path: postgres ? 'prisma/postgres/migrations' : 'prisma/migrations',
    seed: 'tsx prisma/seed.ts',
  },
  datasource: {
    url: databaseUrl,
    // Optional. SQLite uses a throwaway in-memory shadow database for `migrate dev` without it; on PostgreSQL the
    // offline engine needs one (an existing, empty database), see tools/prisma-offline/README.md.
    ...(process.env.SHADOW_DATABASE_URL ? { shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL } : {}),
  },
  // `tables.external` is gated behind this flag in Prisma 7.10.
  experimental: {
    externalTables: true,
  },
  tables: {
    // Managed outside the Prisma schema: migrate dev must neither drop nor diff them.
    external: postgres ? postgresSearchTables : sqliteSearchTables,
  },
});
