import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase } from '../test-support/test-server.mjs';
import { probeDatabase } from '../test-support/drills/database-probe';
import type { DrillForm, DrillResult, Log } from '../test-support/drills/drill-result';
import { firstProblems, runSteps, sleep } from '../test-support/drills/drill-result';
import { startProductionServer } from '../test-support/drills/production-server';
import { RECORD_OF, selfServeDigest, write, WRITE_KINDS } from '../test-support/drills/writes';
import type { WriteKind } from '../test-support/drills/writes';

const SETTINGS = {
  short: { writers: 8, beforeMs: 3_000, afterMs: 2_000 },
  long: { writers: 20, beforeMs: 15_000, afterMs: 10_000 },
};

/**
 * Backup and restore under writes: writers send inquiries, bookings and checkouts to a running `npm start`; while they
 * write, `npm run db:backup` takes a backup; the backup is restored into a new database, which must hold every record
 * acknowledged before the backup started, pass its integrity check, and serve when a server starts on it. (On SQLite:
 * the online backup API and a copy of its file; PostgreSQL's pg_dump and pg_restore are described in docs/deploy.md.)
 */
export async function restoreDrill({ form, log = () => {} }: { form: DrillForm; log?: Log }): Promise<DrillResult> {
  const settings = SETTINGS[form];
  const database = await createTestDatabase('toc-drill-restore-');
  if (!database.databaseUrl.startsWith('file:')) {
    await database.remove();
    return { drill: 'backup and restore under writes', figures: [], problems: [], skipped: 'runs on SQLite (PostgreSQL: pg_dump, see docs/deploy.md)' };
  }
  const backups = mkdtempSync(path.join(os.tmpdir(), 'toc-drill-backups-'));
  const restoredDir = mkdtempSync(path.join(os.tmpdir(), 'toc-drill-restored-'));
  const acknowledged = new Map<WriteKind, { id: string; at: number }[]>(WRITE_KINDS.map((kind) => [kind, []]));
  const problems: string[] = [];
  const figures: [string, string | number][] = [];
  await runSteps(
    problems,
    async () => {
      const server = await startProductionServer({ databaseUrl: database.databaseUrl });
      const digest = await selfServeDigest(server.baseUrl);
      let stop = false;
      const writer = async (index: number) => {
        for (let n = index; !stop; n += 1) {
          const outcome = await write(server.baseUrl, WRITE_KINDS[n % WRITE_KINDS.length]!, digest);
          if (outcome.id) acknowledged.get(outcome.kind)!.push({ id: outcome.id, at: Date.now() });
          if (outcome.status >= 500) problems.push(`a ${outcome.kind} answered ${outcome.status}`);
        }
      };
      const writers = Array.from({ length: settings.writers }, (_, index) => writer(index));
      await sleep(settings.beforeMs);
      const backupStarted = Date.now();
      // A child process, so the writers go on while it copies.
      const backup = await promisify(execFile)(process.execPath, ['server/commands/db-backup.mjs', backups], {
        env: { ...process.env, DATABASE_URL: database.databaseUrl },
      }).then(
        ({ stdout }) => ({ code: 0, output: stdout }),
        (error: { code?: number; stderr?: string }) => ({ code: error.code ?? 1, output: error.stderr ?? String(error) }),
      );
      const backupMs = Date.now() - backupStarted;
      if (backup.code !== 0) problems.push(`db:backup failed: ${backup.output}`);
      await sleep(settings.afterMs);
      stop = true;
      await Promise.all(writers);
      await server.stop();
      const [file] = readdirSync(backups);
      if (!file) throw new Error(`no backup in ${backups}: ${backup.output}`);
      log(`backup ${file} (${statSync(path.join(backups, file)).size} bytes) in ${backupMs} ms`);

      // Restore: the backup becomes the database of a new instance.
      const restoredUrl = `file:${path.join(restoredDir, 'app.db')}`;
      copyFileSync(path.join(backups, file), path.join(restoredDir, 'app.db'));
      const probe = probeDatabase(restoredUrl);
      const counts: string[] = [];
      try {
        for (const [kind, records] of acknowledged) {
          const before = records.filter((record) => record.at < backupStarted).map((record) => record.id);
          const { table, column } = RECORD_OF[kind];
          const present = await probe.present(
            table,
            column,
            records.map((record) => record.id),
          );
          const missing = before.filter((id) => !present.has(id));
          if (missing.length > 0) problems.push(`${missing.length} ${kind} records acknowledged before the backup are not in it, e.g. ${missing[0]}`);
          counts.push(`${before.length} / ${present.size} of ${records.length}`);
        }
        const integrity = await probe.integrity();
        if (integrity !== 'ok') problems.push(`the restored database's integrity check says ${integrity}`);
        figures.push(['integrity check of the restored database', integrity]);
      } finally {
        await probe.close();
      }
      const restarted = await startProductionServer({ databaseUrl: restoredUrl });
      const health = (await fetch(`${restarted.baseUrl}/readyz`)).status;
      if (health !== 200) problems.push(`a server on the restored database answered /readyz with ${health}`);
      await restarted.stop();
      const total = [...acknowledged.values()].flat().length;
      if (total === 0) problems.push('no write was acknowledged');
      figures.unshift(
        ['concurrent writers', settings.writers],
        ['backup taken after / writes went on for', `${settings.beforeMs / 1000} s / ${settings.afterMs / 1000} s more`],
        ['backup time (npm run db:backup, under writes)', `${backupMs} ms`],
        ['inquiries / bookings / checkouts: acknowledged before the backup / in it / acknowledged in all', counts.join(', ')],
      );
      figures.push(['a server on the restored database', health === 200 ? 'ready (GET /readyz 200)' : `answered ${health}`]);
    },
    () => {
      rmSync(backups, { recursive: true, force: true });
      rmSync(restoredDir, { recursive: true, force: true });
      return database.remove();
    },
  );
  return { drill: 'backup and restore under writes', figures, problems: firstProblems(problems) };
}
