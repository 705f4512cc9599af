/**
 * `npm run drills [-- <drill>…] [--short] [--postgres]`: the reliability drills (drills/), long forms unless --short,
 * against the production build (`npm run build` first), each on temporary databases of its own. Prints each drill's
 * figures and a summary table, and exits 1 when any drill found a problem. Drills: fuzz, kill-nine, runner-death, sigterm, storage,
 * soak (long form only; SOAK_SECONDS, default 600). The short forms also run in `npm test` (drills/drills.test.ts).
 * --postgres runs them on a throwaway PostgreSQL, as `npm run test:pg` runs the tests (storage stays on SQLite).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { printTable } from '../test-support/bench-report.mjs';
import { startEmbeddedPostgres } from '../test-support/postgres/embedded-postgres.mjs';
import { prepareDatabase } from '../server/database/prepare-database.mjs';
import { TEST_SESSION_SECRET } from '../test-support/test-server.mjs';
import { DRILLS } from '../drills';
import type { DrillResult } from '../test-support/drills/drill-result';

const { values: options, positionals } = parseArgs({
  options: { short: { type: 'boolean', default: false }, postgres: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const form = options.short ? 'short' : 'long';
const unknown = positionals.filter((name) => !DRILLS[name]);
if (unknown.length > 0) {
  console.error(`Unknown drill ${unknown.join(', ')}; the drills are ${Object.keys(DRILLS).join(', ')}.`);
  process.exit(2);
}
if (!existsSync('.next/BUILD_ID')) {
  console.error('The drills run against the production build: run `npm run build` first.');
  process.exit(2);
}

const chosen = (positionals.length > 0 ? positionals : Object.keys(DRILLS)).filter((name) => form === 'long' || !DRILLS[name]!.longOnly);
const results: DrillResult[] = [];
// Test databases are copies of a seeded template on this server (test-support/postgres/postgres-test-databases.mjs).
const postgres = options.postgres ? await startEmbeddedPostgres() : null;
try {
  if (postgres) {
    const template = 'toc_drill_template';
    await prepareDatabase({ env: { ...process.env, DATABASE_URL: postgres.databaseUrl(template), SESSION_SECRET: TEST_SESSION_SECRET }, quiet: true });
    Object.assign(process.env, { TEST_POSTGRES_URL: postgres.serverUrl, TEST_POSTGRES_TEMPLATE: template });
    console.log(`PostgreSQL at 127.0.0.1:${postgres.port}`);
  }
  for (const name of chosen) {
    console.log(`\n━━━ ${name} (${form}${postgres ? ', PostgreSQL' : ''}) ━━━`);
    const started = Date.now();
    const result = await DRILLS[name]!.run({ form, log: (line) => console.log(`  ${line}`) });
    results.push(result);
    printTable(['figure', 'value'], result.figures);
    if (result.skipped) console.log(`skipped: ${result.skipped}`);
    for (const problem of result.problems) console.log(`PROBLEM: ${problem}`);
    console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
} finally {
  await postgres?.stop();
}

console.log('\n━━━ drills ━━━');
printTable(
  ['drill', 'figure', 'value'],
  results.flatMap((result) => [
    ...result.figures.map(([label, value]) => [result.drill, label, value]),
    [
      result.drill,
      'result',
      result.skipped ? `skipped: ${result.skipped}` : result.problems.length === 0 ? 'passed' : `FAILED: ${result.problems.length} problems`,
    ],
  ]),
);
process.exit(results.some((result) => result.problems.length > 0) ? 1 : 0);
