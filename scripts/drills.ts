/**
 * `npm run drills [-- <drill>…] [--short]`: the reliability drills (drills/), long forms unless --short, against the
 * production build (`npm run build` first), each on temporary databases of its own. Prints each drill's figures and
 * a summary table, and exits 1 when any drill found a problem. Drills: fuzz, kill-nine, sigterm, storage, soak
 * (long form only; SOAK_SECONDS, default 600). The short forms also run in `npm test` (drills/drills.test.ts).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { printTable } from './bench/report.mjs';
import { DRILLS } from '../drills';
import type { DrillResult } from '../drills/support/drill-result';

const { values: options, positionals } = parseArgs({ options: { short: { type: 'boolean', default: false } }, allowPositionals: true });
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
for (const name of chosen) {
  console.log(`\n━━━ ${name} (${form}) ━━━`);
  const started = Date.now();
  const result = await DRILLS[name]!.run({ form, log: (line) => console.log(`  ${line}`) });
  results.push(result);
  printTable(['figure', 'value'], result.figures);
  if (result.skipped) console.log(`skipped: ${result.skipped}`);
  for (const problem of result.problems) console.log(`PROBLEM: ${problem}`);
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

console.log('\n━━━ drills ━━━');
printTable(
  ['drill', 'figure', 'value'],
  results.flatMap((result) => [
    ...result.figures.map(([label, value]) => [result.drill, label, value]),
    [result.drill, 'result', result.skipped ? `skipped: ${result.skipped}` : result.problems.length === 0 ? 'passed' : `FAILED: ${result.problems.length} problems`],
  ]),
);
process.exit(results.some((result) => result.problems.length > 0) ? 1 : 0);
