import path from 'node:path';
import { createTestDatabase, startTestServer } from '../test-support/test-server.mjs';
import type { TestDatabase } from '../test-support/test-server.mjs';
import { prepareDatabase } from '../server/database/prepare-database.mjs';
import { probeDatabase } from '../test-support/drills/database-probe';
import type { DrillForm, DrillResult, Log } from '../test-support/drills/drill-result';
import { firstProblems } from '../test-support/drills/drill-result';
import { mountSmallFilesystem, readOnlyFiles } from '../test-support/drills/small-filesystem';
import type { SmallFilesystem } from '../test-support/drills/small-filesystem';
import { RECORD_OF, selfServeDigest, write, WRITE_KINDS } from '../test-support/drills/writes';
import type { WriteOutcome } from '../test-support/drills/writes';

const COUNTED_TABLES = ['Inquiry', 'Booking', 'Checkout', 'OutboxMessage', 'Job'] as const;
type Counts = Record<(typeof COUNTED_TABLES)[number], number>;

async function countRows(databaseUrl: string): Promise<Counts> {
  const probe = probeDatabase(databaseUrl);
  try {
    const counts = {} as Counts;
    for (const table of COUNTED_TABLES) counts[table] = await probe.count(table);
    return counts;
  } finally {
    await probe.close();
  }
}

/** A refused write must be the envelope with code STORAGE_UNAVAILABLE and a Retry-After. */
function refusalProblem(outcome: WriteOutcome): string | null {
  const body = outcome.body as { code?: unknown; detail?: unknown } | null;
  if (body?.code !== 'STORAGE_UNAVAILABLE' || typeof body.detail !== 'string') return `a refused ${outcome.kind} answered ${JSON.stringify(body)}`;
  if (!outcome.headers?.get('retry-after')) return `a refused ${outcome.kind} had no Retry-After`;
  return null;
}

/**
 * No partial record: the rows that appeared are exactly those of the acknowledged writes (each inquiry and booking with
 * its emails, each email with its delivery job), whatever the refused ones had written before they failed.
 */
async function partialRecords(databaseUrl: string, before: Counts, acknowledged: WriteOutcome[]): Promise<string[]> {
  const after = await countRows(databaseUrl);
  const problems: string[] = [];
  for (const kind of WRITE_KINDS) {
    const { table } = RECORD_OF[kind];
    const expected = before[table as keyof Counts] + acknowledged.filter((outcome) => outcome.kind === kind).length;
    if (after[table as keyof Counts] !== expected) problems.push(`${table}: ${after[table as keyof Counts]} rows, expected ${expected}`);
  }
  const probe = probeDatabase(databaseUrl);
  try {
    const aboutAcknowledged = (
      await Promise.all(acknowledged.filter((o) => o.kind !== 'checkout').map((o) => probe.count('OutboxMessage', { column: 'aboutId', value: o.id! })))
    ).reduce((a, b) => a + b, 0);
    if (after.OutboxMessage - before.OutboxMessage !== aboutAcknowledged) {
      problems.push(`${after.OutboxMessage - before.OutboxMessage} new emails, but the acknowledged writes have ${aboutAcknowledged}`);
    }
    if (after.Job - before.Job !== after.OutboxMessage - before.OutboxMessage)
      problems.push(`${after.Job - before.Job} new jobs for ${after.OutboxMessage - before.OutboxMessage} new emails`);
  } finally {
    await probe.close();
  }
  return problems;
}

/** Writes each kind in turn until `refusals` were refused (or `limit` writes), checking every answer. */
async function pressWrites(baseUrl: string, { refusals, limit }: { refusals: number; limit: number }) {
  const digest = await selfServeDigest(baseUrl);
  const outcomes: WriteOutcome[] = [];
  const problems: string[] = [];
  for (let n = 0; n < limit && outcomes.filter((o) => o.status === 503).length < refusals; n += 1) {
    const outcome = await write(baseUrl, WRITE_KINDS[n % WRITE_KINDS.length]!, digest);
    outcomes.push(outcome);
    if (outcome.status === 503) {
      const problem = refusalProblem(outcome);
      if (problem) problems.push(problem);
    } else if (outcome.status !== 200) problems.push(`a ${outcome.kind} answered ${outcome.status}: ${JSON.stringify(outcome.body)}`);
  }
  return { outcomes, acknowledged: outcomes.filter((o) => o.id), refused: outcomes.filter((o) => o.status === 503).length, problems };
}

async function everyKindWrites(baseUrl: string): Promise<string[]> {
  const digest = await selfServeDigest(baseUrl);
  const outcomes = await Promise.all(WRITE_KINDS.map((kind) => write(baseUrl, kind, digest)));
  return outcomes.filter((o) => o.status !== 200).map((o) => `${o.kind} answered ${o.status} ${JSON.stringify(o.body)}`);
}

const integrityOf = async (databaseUrl: string) => {
  const probe = probeDatabase(databaseUrl);
  try {
    return await probe.integrity();
  } finally {
    await probe.close();
  }
};

/** Disk full on a tmpfs of its own: writes are refused with 503 and leave nothing half-written; freeing space is enough. */
async function diskFull(fs: SmallFilesystem, form: DrillForm, log: Log) {
  const database: TestDatabase = { dir: fs.dir, databaseUrl: `file:${path.join(fs.dir, 'app.db')}`, remove: async () => {} };
  await prepareDatabase({ env: { ...process.env, DATABASE_URL: database.databaseUrl }, quiet: true });
  const server = await startTestServer({ database, env: { JOB_RUNNER: 'off' } });
  const problems: string[] = [];
  try {
    problems.push(...(await everyKindWrites(server.baseUrl)).map((p) => `before filling the disk: ${p}`));
    const before = await countRows(database.databaseUrl);
    const filled = fs.fill();
    const pressed = await pressWrites(server.baseUrl, { refusals: form === 'short' ? 6 : 30, limit: form === 'short' ? 60 : 300 });
    problems.push(...pressed.problems);
    if (pressed.refused === 0) problems.push(`no write was refused on a full disk (${pressed.outcomes.length} tried)`);
    const reads = (await fetch(`${server.baseUrl}/v1/services`)).status;
    if (reads !== 200) problems.push(`GET /v1/services answered ${reads} on a full disk`);
    problems.push(...(await partialRecords(database.databaseUrl, before, pressed.acknowledged)));
    fs.free();
    const recovery = await everyKindWrites(server.baseUrl);
    problems.push(...recovery.map((p) => `after space returned: ${p}`));
    const integrity = await integrityOf(database.databaseUrl);
    if (integrity !== 'ok') problems.push(`integrity check: ${integrity}`);
    log(
      `disk full: ${pressed.refused} of ${pressed.outcomes.length} writes refused, ${pressed.acknowledged.length} acknowledged; recovered: ${recovery.length === 0}`,
    );
    return {
      figures: [
        ['disk full: filesystem', `tmpfs, filled with ${(filled / 1024 / 1024).toFixed(1)} MB`],
        [
          'disk full: writes answered 200 / 503 / other',
          `${pressed.acknowledged.length} / ${pressed.refused} / ${pressed.outcomes.length - pressed.acknowledged.length - pressed.refused}`,
        ],
        ['disk full: reads', `GET /v1/services ${reads}`],
        ['disk full: writes once space returned, no restart', recovery.length === 0 ? '200 for each kind' : 'refused'],
        ['disk full: integrity check', integrity],
      ] as [string, string][],
      problems: problems.map((p) => `disk full: ${p}`),
    };
  } finally {
    await server.stop({ keepDatabase: true });
  }
}

/** A read-only database (the filesystem remounted read-only, or files the user may not write): 503, nothing written. */
async function readOnly(database: TestDatabase, lock: { readOnly(): void; writable(): void }, how: string, log: Log) {
  const problems: string[] = [];
  const before = await countRows(database.databaseUrl);
  lock.readOnly();
  let refused = 0;
  let reads = 0;
  try {
    const server = await startTestServer({ database, env: { JOB_RUNNER: 'off' } });
    try {
      const pressed = await pressWrites(server.baseUrl, { refusals: 3, limit: 3 });
      refused = pressed.refused;
      problems.push(...pressed.problems);
      if (pressed.refused !== 3) problems.push(`${3 - pressed.refused} of 3 writes were not refused`);
      reads = (await fetch(`${server.baseUrl}/v1/services`)).status;
      if (reads !== 200) problems.push(`GET /v1/services answered ${reads}`);
    } finally {
      await server.stop({ keepDatabase: true });
    }
  } finally {
    lock.writable();
  }
  const after = await countRows(database.databaseUrl);
  if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`rows changed: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
  // SQLite opens a file it cannot write read-only and keeps it so: writes return with the next start.
  const restarted = await startTestServer({ database, env: { JOB_RUNNER: 'off' } });
  const recovery = await everyKindWrites(restarted.baseUrl);
  await restarted.stop({ keepDatabase: true });
  problems.push(...recovery.map((p) => `once writable and restarted: ${p}`));
  log(`read-only (${how}): ${refused} of 3 writes refused; reads ${reads}; after restart ${recovery.length === 0 ? 'writes again' : 'still refused'}`);
  return {
    figures: [
      ['read-only: how', how],
      ['read-only: writes refused with 503', `${refused} of 3`],
      ['read-only: reads', `GET /v1/services ${reads}`],
      ['read-only: writes once writable (after a restart)', recovery.length === 0 ? '200 for each kind' : 'refused'],
    ] as [string, string][],
    problems: problems.map((p) => `read-only: ${p}`),
  };
}

/**
 * Disk full and read-only database. With root on Linux (CI, this machine) the database lives on a small tmpfs the drill
 * mounts: filled until writes fail, then freed; then remounted read-only. Elsewhere only the read-only case runs, with
 * files the user may not write. Every refused write must be 503 STORAGE_UNAVAILABLE in the envelope, never a partial
 * record, and the server must write again when space returns. SQLite only: the drill owns the database's files (a
 * PostgreSQL server's disk is the server's); the 503 mapping of PostgreSQL's codes is unit-tested
 * (lib/http/error-mapping).
 */
export async function storageDrill({ form, log = () => {} }: { form: DrillForm; log?: Log }): Promise<DrillResult> {
  const figures: [string, string][] = [];
  const problems: string[] = [];
  const fs = mountSmallFilesystem(48);
  try {
    if (fs) {
      const full = await diskFull(fs, form, log);
      figures.push(...full.figures);
      problems.push(...full.problems);
      const database: TestDatabase = { dir: fs.dir, databaseUrl: `file:${path.join(fs.dir, 'app.db')}`, remove: async () => {} };
      const locked = await readOnly(database, { readOnly: () => fs.readOnly(), writable: () => fs.writable() }, 'tmpfs remounted read-only', log);
      figures.push(...locked.figures);
      problems.push(...locked.problems);
    } else {
      figures.push(['disk full', 'not run: mounting a filesystem needs root on Linux']);
      const database = await createTestDatabase('toc-drill-ro-');
      try {
        if (!database.dir) return { drill: 'disk full / read-only', figures, problems, skipped: 'SQLite only, and mounting a filesystem needs root on Linux' };
        const locked = await readOnly(database, readOnlyFiles(database.dir), 'database files made read-only', log);
        figures.push(...locked.figures);
        problems.push(...locked.problems);
      } finally {
        await database.remove();
      }
    }
  } catch (error) {
    problems.push(`drill failed: ${(error as Error).message}`);
  } finally {
    fs?.remove();
  }
  return { drill: 'disk full / read-only', figures, problems: firstProblems(problems) };
}
