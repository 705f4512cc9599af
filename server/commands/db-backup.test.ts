import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databaseEngine } from '@/lib/db/engine';
import { startDebianPostgres } from '@/test-support/postgres/debian-postgres.mjs';
import { temporaryDirectory } from '@/test-support/temporary-directory';

const backup = (env: Record<string, string>, directory: string) =>
  spawnSync(process.execPath, ['server/commands/db-backup.mjs', directory], { env: { ...process.env, ...env }, encoding: 'utf8' });

describe('npm run db:backup', () => {
  it.runIf(databaseEngine() === 'sqlite')('copies the SQLite database, committed writes included, while another connection holds a write open', () => {
    const file = process.env.DATABASE_URL!.replace(/^file:/, '');
    const directory = temporaryDirectory('toc-backup-');
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
    const result = backup({ DATABASE_URL: 'postgresql://app@db.internal/throughline', PATH: '/nonexistent', PG_DUMP: '' }, temporaryDirectory('toc-backup-'));
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      "db:backup needs pg_dump for PostgreSQL: install postgresql-client (the server's major version or newer) or set PG_DUMP.",
    );
  });

  // Against a live server of Debian's packages, whose pg_dump and pg_restore match it (test-support/postgres/debian-postgres.mjs);
  // once, in the SQLite run: it does not use the run's own database.
  it.runIf(databaseEngine() === 'sqlite')(
    'backs a live PostgreSQL up in pg_dump’s custom format, and pg_restore brings every row back into a new database',
    async () => {
      const server = await startDebianPostgres();
      try {
        server.sql('postgres', 'CREATE DATABASE throughline');
        server.sql(
          'throughline',
          `CREATE TABLE "Inquiry" (id text PRIMARY KEY, message text NOT NULL);
           INSERT INTO "Inquiry" VALUES ('inq-1', 'Our bottleneck moved from machining to shipping'), ('inq-2', 'Can you run a drum-buffer-rope workshop?');`,
        );
        const directory = temporaryDirectory('toc-backup-');
        const result = backup({ DATABASE_URL: server.databaseUrl('throughline'), PG_DUMP: path.join(server.bin, 'pg_dump') }, directory);
        expect(result.status, result.stderr).toBe(0);
        const [name, ...others] = readdirSync(directory);
        expect(others).toEqual([]);
        expect(name).toMatch(/^throughline-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.dump$/);
        expect(result.stdout).toContain(`Backed up throughline to ${path.join(directory, name!)} (`);
        expect(result.stdout).toMatch(/ \(\d+ bytes, pg_dump custom format, \d+ entries\)\.\n$/);

        // As docs/deploy.md restores it.
        server.sql('postgres', 'CREATE DATABASE restored');
        const restored = spawnSync(path.join(server.bin, 'pg_restore'), ['--no-owner', '-d', server.databaseUrl('restored'), path.join(directory, name!)], {
          encoding: 'utf8',
        });
        expect(restored.status, restored.stderr).toBe(0);
        expect(server.sql('restored', 'SELECT id, message FROM "Inquiry" ORDER BY id')).toBe(
          'inq-1|Our bottleneck moved from machining to shipping\ninq-2|Can you run a drum-buffer-rope workshop?',
        );
      } finally {
        await server.stop();
      }
    },
    60_000,
  );

  it.runIf(databaseEngine() === 'sqlite')('keeps the newest BACKUP_KEEP backups', async () => {
    const directory = temporaryDirectory('toc-backup-');
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
