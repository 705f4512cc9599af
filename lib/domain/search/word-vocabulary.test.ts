import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { sqlitePathFromUrl } from '@/lib/db/driver-adapters';
import { databaseEngine } from '@/lib/db/engine';
import { searchRead, stopSearchThread } from './sqlite/search-connection';

/**
 * The vocabulary of words as written (`insight_search_word`) that the word being typed is looked up in, checked
 * against the index itself: it must hold every word the index read in the articles, with the stem the index holds for
 * it, after a rebuild (the seed) and after the migration's backfill of rows indexed before it existed.
 */
const SQLITE_MIGRATION = 'prisma/migrations/20261125190000_insight_search_prefix_as_written/migration.sql';

describe.skipIf(databaseEngine() !== 'sqlite')('the vocabulary of words as written, on SQLite', () => {
  const file = sqlitePathFromUrl(config().DATABASE_URL);
  afterAll(() => stopSearchThread());

  /**
   * Each word the index read, as written, with the term the index holds for it: the same articles cut by the index's
   * tokenizer without its stemmer, token by token beside the index's own tokens (same document, column and offset).
   */
  function wordsTheIndexRead(): Map<string, string> {
    const sqlite = new Database(file);
    try {
      sqlite.exec(`
        CREATE VIRTUAL TABLE temp.written USING fts5(title, summary, content, keywords, tokenize = 'unicode61 remove_diacritics 2');
        INSERT INTO temp.written (rowid, title, summary, content, keywords) SELECT rowid, title, summary, content, keywords FROM insight_search;
        CREATE VIRTUAL TABLE temp.written_vocab USING fts5vocab(temp, written, instance);
        CREATE VIRTUAL TABLE temp.indexed_vocab USING fts5vocab(main, insight_search, instance);
        CREATE TEMP TABLE written_tokens AS SELECT doc, col, "offset" AS position, term FROM temp.written_vocab;
        CREATE TEMP TABLE indexed_tokens AS SELECT doc, col, "offset" AS position, term FROM temp.indexed_vocab;
        CREATE INDEX temp.indexed_token_at ON indexed_tokens (doc, col, position);`);
      const pairs = sqlite
        .prepare<[], { word: string; stem: string }>(
          `SELECT DISTINCT w.term AS word, i.term AS stem FROM written_tokens AS w
           JOIN indexed_tokens AS i ON i.doc = w.doc AND i.col = w.col AND i.position = w.position`,
        )
        .all();
      return new Map(pairs.map(({ word, stem }) => [word, stem]));
    } finally {
      sqlite.close();
    }
  }

  const vocabulary = async () => {
    const rows = await searchRead<{ word: string; stem: string | null }[]>('SELECT word, insight_stem(word) AS stem FROM insight_search_word', [], 'rows');
    return new Map(rows.map(({ word, stem }) => [word, stem]));
  };

  it('holds every word the index read, and the search thread stems each as the index does', async () => {
    const expected = wordsTheIndexRead();
    expect(expected.size).toBeGreaterThan(2000);
    expect(expected.get('evaporating')).toBe('evapor');
    expect(await vocabulary()).toEqual(expected);
  });

  it('is filled by the migration from the articles indexed before it', async () => {
    const expected = wordsTheIndexRead();
    const sqlite = new Database(file);
    try {
      sqlite.exec('DROP TABLE insight_search_word_staging_vocab; DROP TABLE insight_search_word_staging; DROP TABLE insight_search_word;');
      sqlite.exec(readFileSync(SQLITE_MIGRATION, 'utf8'));
      expect(sqlite.prepare('SELECT count(*) FROM insight_search_word_staging_vocab').pluck().get()).toBe(0);
    } finally {
      sqlite.close();
    }
    expect(await vocabulary()).toEqual(expected);
  });
});

describe.skipIf(databaseEngine() !== 'postgresql')('the vocabulary of words as written, on PostgreSQL', () => {
  const vocabulary = async () =>
    (
      await db.$queryRaw<{ word: string; stem: string | null }[]>`SELECT word, insight_stem(word) AS stem FROM insight_search_word ORDER BY word COLLATE "C"`
    ).map(({ word, stem }) => [word, stem]);
  /** The lexemes of the unstemmed vectors, each with its lexeme in the stemmed reading (none for a stop word). */
  const wordsTheIndexRead = async () =>
    (
      await db.$queryRaw<{ word: string; stem: string | null }[]>`
        SELECT w.word, (SELECT string_agg(lexeme, ' ') FROM unnest(to_tsvector('insight_english', w.word))) AS stem
        FROM (SELECT DISTINCT unnest(tsvector_to_array(words)) AS word FROM insight_search) AS w ORDER BY w.word COLLATE "C"`
    ).map(({ word, stem }) => [word, stem]);

  it('holds every word the index read, each with the lexeme the index holds for it', async () => {
    const expected = await wordsTheIndexRead();
    expect(expected.length).toBeGreaterThan(2000);
    expect(expected).toContainEqual(['evaporating', 'evapor']);
    expect(await vocabulary()).toEqual(expected);
  });

  it('is filled by the backfill statement of insight-search.sql from the articles indexed before it', async () => {
    const expected = await wordsTheIndexRead();
    const backfill = /^INSERT INTO insight_search_word .*;$/m.exec(readFileSync('prisma/postgres/insight-search.sql', 'utf8'))![0];
    await db.$executeRawUnsafe('DELETE FROM insight_search_word');
    await db.$executeRawUnsafe(backfill.slice(0, -1));
    expect(await vocabulary()).toEqual(expected);
  });
});
