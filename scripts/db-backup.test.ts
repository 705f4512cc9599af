import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databaseEngine } from '@/lib/db/engine';

const backup = (env: Record<string, string>, directory: string) =>
  spawnSync(process.execPath, ['scripts/db-backup.mjs', directory], { env: { ...process.env, ...env }, encoding: 'utf8' });

describe('npm run db:backup', () => {
  it.runIf(databaseEngine() === 'sqlite')('copies the SQLite database, committed writes included, while another connection holds a write open', () => {
    const file = process.env.DATABASE_URL!.replace(/^file:/, '');
    const directory = mkdtempSync(path.join(os.tmpdir(), 'toc-backup-'));
    const writer = new Database(file);
    writer.prepare("INSERT INTO RateLimit (key, points) VALUES ('reads:198.51.100.77', 3)").run();
    writer.exec('BEGIN IMMEDIATE');
    writer.prepare("INSERT INTO RateLimit (key, points) VALUES ('reads:198.51.100.78', 1)").run();

    const result = backup({}, directory);
    writer.exec('ROLLBACK');
    writer.close();

    expect(result.status, result.stderr).toBe(0);
    const [name, ...others] = readdirSync(directory);
    expect(others).toEqual([]);
    expect(name).toMatch(/^app-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.db$/);
    expect(result.stdout).toContain(`to ${path.join(directory, name!)} (`);
    expect(result.stdout).toContain('integrity ok');
    const copy = new Database(path.join(directory, name!), { readonly: true });
    const source = new Database(file, { readonly: true });
    const count = (db: Database.Database, table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(copy.prepare('SELECT key, points FROM RateLimit ORDER BY key').all()).toEqual([{ key: 'reads:198.51.100.77', points: 3 }]);
    expect(count(copy, 'Service')).toBe(count(source, 'Service'));
    expect(count(copy, 'Insight')).toBe(count(source, 'Insight'));
    copy.close();
    source.close();
  });

  it('backs PostgreSQL up with pg_dump, and says so plainly when there is none', () => {
    const result = backup(
      { DATABASE_URL: 'postgresql://app@db.internal/throughline', PATH: '/nonexistent', PG_DUMP: '' },
      mkdtempSync(path.join(os.tmpdir(), 'toc-backup-')),
    );
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      "db:backup needs pg_dump for PostgreSQL: install postgresql-client (the server's major version or newer) or set PG_DUMP.",
    );
  });

  it.runIf(databaseEngine() === 'sqlite')('keeps the newest BACKUP_KEEP backups', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'toc-backup-'));
    for (const old of ['app-2020-01-01T00-00-00Z.db', 'app-2020-01-02T00-00-00Z.db', 'other-2020-01-01T00-00-00Z.db'])
      writeFileSync(path.join(directory, old), '');
    const result = backup({ BACKUP_KEEP: '2' }, directory);
    expect(result.status, result.stderr).toBe(0);
    const names = readdirSync(directory).sort();
    expect(names).toHaveLength(3);
    expect(names[0]).toBe('app-2020-01-02T00-00-00Z.db');
    expect(names[1]).toMatch(/^app-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.db$/);
    expect(names[2]).toBe('other-2020-01-01T00-00-00Z.db');
    expect(result.stdout).toContain('Deleted 1 older backup(s), keeping the newest 2.');
  });
});
