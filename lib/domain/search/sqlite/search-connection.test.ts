import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { databaseEngine } from '@/lib/db/engine';
import { searchRead, stopSearchThread } from './search-connection';

/** Long enough (a fraction of a second) to still be running when the test stops the thread. */
const SLOW_READ = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5000000) SELECT count(*) FROM n';

describe.skipIf(databaseEngine() !== 'sqlite')('the search thread', () => {
  let insightIds: string[];
  beforeAll(async () => {
    insightIds = (await db.insight.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((row) => row.id);
    expect(insightIds.length).toBeGreaterThan(10);
  });
  afterAll(() => stopSearchThread());

  it('answers the rows, the first column, or one value of a read of the database in use', async () => {
    const sql = 'SELECT insight_id, status FROM insight_search_entry ORDER BY insight_id';
    const rows = await searchRead<{ insight_id: string; status: string }[]>(sql, [], 'rows');
    expect(rows.map((row) => row.insight_id)).toEqual(insightIds);
    expect(await searchRead<string[]>(sql, [], 'column')).toEqual(insightIds);
    expect(await searchRead<number>('SELECT count(*) FROM insight_search_entry WHERE insight_id > ?', [insightIds[9]!], 'value')).toBe(insightIds.length - 10);
  });

  it('rejects a read SQLite refuses with its message and code, and goes on answering', async () => {
    await expect(searchRead('SELECT title FROM no_such_table', [], 'rows')).rejects.toMatchObject({
      message: 'no such table: no_such_table',
      code: 'SQLITE_ERROR',
    });
    await expect(
      searchRead("INSERT INTO insight_search_entry (insight_id, status, topics) VALUES ('x', 'draft', '[]') RETURNING doc_id", [], 'rows'),
    ).rejects.toMatchObject({
      message: 'attempt to write a readonly database',
    });
    expect(await searchRead<number>('SELECT count(*) FROM insight_search_entry', [], 'value')).toBe(insightIds.length);
  });

  it('fails the reads in flight when stopped, and the next read starts a new thread', async () => {
    const inFlight = expect(searchRead<number>(SLOW_READ, [], 'value')).rejects.toThrow('the search thread was stopped');
    await stopSearchThread();
    await inFlight;
    expect(await searchRead<number>('SELECT count(*) FROM insight_search_entry', [], 'value')).toBe(insightIds.length);
  });

  it('never holds a process open once its reads are answered', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'search-thread-'));
    try {
      const script = path.join(dir, 'read-once.mts');
      const searchConnection = path.resolve('lib/domain/search/sqlite/search-connection.ts');
      writeFileSync(
        script,
        `
        import { searchRead } from ${JSON.stringify(searchConnection)};
        console.log(await searchRead('SELECT count(*) FROM insight_search_entry', [], 'value'));`,
      );
      // Without the unref, the script would print and then hang until the timeout kills it.
      const child = spawnSync(process.execPath, ['--import', 'tsx', script], { env: process.env, encoding: 'utf8', timeout: 30_000 });
      expect(child.stderr).toBe('');
      expect(child.signal).toBeNull();
      expect(child.status).toBe(0);
      expect(child.stdout.trim()).toBe(String(insightIds.length));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
