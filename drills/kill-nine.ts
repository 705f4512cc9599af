import { createTestDatabase } from '../test-support/test-server.mjs';
import { probeDatabase } from '../test-support/drills/database-probe';
import type { DrillForm, DrillResult, Log } from '../test-support/drills/drill-result';
import { firstProblems, runSteps, sleep } from '../test-support/drills/drill-result';
import { groupGone, startProductionServer } from '../test-support/drills/production-server';
import { RECORD_OF, selfServeDigest, write, WRITE_KINDS } from '../test-support/drills/writes';
import type { WriteKind } from '../test-support/drills/writes';

const SETTINGS = {
  short: { rounds: 1, writers: 12, minMs: 3_000, maxMs: 6_000 },
  long: { rounds: 5, writers: 20, minMs: 5_000, maxMs: 15_000 },
};

/**
 * Kill -9 under load: writers send inquiries, bookings and checkouts as fast as the server answers; at a random moment
 * the whole `npm start` process group gets SIGKILL. After each kill every acknowledged record must be in the database
 * and the database must pass its integrity check; then the server starts again on the same database (which must
 * work: crash recovery) for the next round.
 */
export async function killNineDrill({ form, log = () => {} }: { form: DrillForm; log?: Log }): Promise<DrillResult> {
  const settings = SETTINGS[form];
  const database = await createTestDatabase('toc-drill-kill-');
  const acknowledged = new Map<WriteKind, string[]>(WRITE_KINDS.map((kind) => [kind, []]));
  const problems: string[] = [];
  const restarts: number[] = [];
  let lost = 0;
  const otherAnswers = new Map<string, number>();
  let integrity = 'not checked';
  let engine = '';
  await runSteps(
    problems,
    async () => {
      for (let round = 1; round <= settings.rounds; round += 1) {
        const started = Date.now();
        const server = await startProductionServer({ databaseUrl: database.databaseUrl });
        restarts.push(Date.now() - started);
        const digest = await selfServeDigest(server.baseUrl);
        let killed = false;
        const writer = async (index: number) => {
          for (let n = index; !killed; n += 1) {
            const outcome = await write(server.baseUrl, WRITE_KINDS[n % WRITE_KINDS.length]!, digest);
            if (outcome.id) acknowledged.get(outcome.kind)!.push(outcome.id);
            else if (outcome.status !== 0) {
              const key = `${outcome.kind} ${outcome.status}${outcome.status === 200 ? ' cut off by the kill' : ''}`;
              otherAnswers.set(key, (otherAnswers.get(key) ?? 0) + 1);
            }
            if (outcome.status >= 500) problems.push(`round ${round}: a ${outcome.kind} answered ${outcome.status} before the kill`);
          }
        };
        const writers = Array.from({ length: settings.writers }, (_, index) => writer(index));
        const killAfter = settings.minMs + Math.random() * (settings.maxMs - settings.minMs);
        await sleep(killAfter);
        server.signal('SIGKILL', 'group');
        killed = true;
        if (!(await groupGone(server.pid))) problems.push(`round ${round}: processes of the group outlived SIGKILL`);
        await Promise.all(writers);
        log(`round ${round}: killed after ${(killAfter / 1000).toFixed(1)} s; acknowledged so far ${[...acknowledged.values()].flat().length}`);

        const probe = probeDatabase(database.databaseUrl);
        engine = probe.engine;
        try {
          for (const [kind, ids] of acknowledged) {
            const { table, column } = RECORD_OF[kind];
            const present = await probe.present(table, column, ids);
            const missing = ids.filter((id) => !present.has(id));
            lost += missing.length;
            if (missing.length > 0) problems.push(`round ${round}: ${missing.length} acknowledged ${kind} records missing, e.g. ${missing[0]}`);
          }
          integrity = await probe.integrity();
          if (integrity !== 'ok') problems.push(`round ${round}: integrity check says ${integrity}`);
        } finally {
          await probe.close();
        }
      }
      // The database the last kill left behind must serve again, acknowledged checkouts readable through the API.
      const started = Date.now();
      const server = await startProductionServer({ databaseUrl: database.databaseUrl });
      restarts.push(Date.now() - started);
      for (const token of acknowledged.get('checkout')!.slice(-20)) {
        const status = (await fetch(`${server.baseUrl}/v1/checkout/${token}`)).status;
        if (status !== 200) problems.push(`after restart, GET /v1/checkout/${token.slice(0, 8)}… answered ${status}`);
      }
      await server.stop();
    },
    () => database.remove(),
  );
  const total = [...acknowledged.values()].flat().length;
  return {
    drill: 'kill -9',
    figures: [
      ['rounds (SIGKILL to the process group)', settings.rounds],
      ['concurrent writers', settings.writers],
      ['acknowledged inquiries / bookings / checkouts', WRITE_KINDS.map((kind) => acknowledged.get(kind)!.length).join(' / ')],
      ['acknowledged writes lost', `${lost} of ${total}`],
      ['answers that acknowledged nothing', [...otherAnswers].map(([key, count]) => `${count} × ${key}`).join(', ') || 'none'],
      [`integrity check (${engine === 'PostgreSQL' ? 'amcheck bt_index_check' : 'PRAGMA integrity_check'})`, integrity],
      ['restart to healthy, slowest', `${(Math.max(...restarts) / 1000).toFixed(1)} s`],
    ],
    problems: firstProblems(total === 0 ? [...problems, 'no write was acknowledged before the kill'] : problems),
  };
}
