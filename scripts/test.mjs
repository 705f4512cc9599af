#!/usr/bin/env node
// `npm test`: every check the project has, with a pass/fail summary at the end.
//   generate → typecheck → lint → contract (OpenAPI lint) → unit (vitest, real SQLite) → build, then two lanes side by
//   side (LANES below):
//     http (vitest against next start) → pg-http (the same on a throwaway PostgreSQL) → release (the packed release,
//     unpacked and started on both engines)
//     browser → e2e (Playwright) → drills (short forms of the reliability drills, on SQLite) → pg-unit (the unit
//     files that reach the database, on PostgreSQL)
//   TEST_LANES=1 runs the lanes one after the other.
import { mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { run } from '../server/run.mjs';

const REPORTS = 'test-results/reports';
mkdirSync(REPORTS, { recursive: true });

const npx = (bin, ...args) => [process.execPath, [`node_modules/${bin}`, ...args]];

/** Each stage: the command, what it needs to have passed, and how to count its tests. */
const stages = [
  { name: 'generate', cmd: ['npm', ['run', '--silent', 'generate']] },
  { name: 'typecheck', cmd: npx('typescript-7/bin/tsc', '--noEmit', '-p', '.'), needs: ['generate'] },
  // ESLint, then the import rules between folders (.dependency-cruiser.cjs) and the structure drawing.
  { name: 'lint', cmd: ['npm', ['run', '--silent', 'lint']], needs: ['generate'] },
  // The OpenAPI document against Redocly's recommended rules and Spectral's: 0 errors and 0 warnings.
  { name: 'contract', cmd: [process.execPath, ['scripts/lint-contract.mjs']], needs: ['generate'] },
  {
    name: 'unit',
    cmd: npx('vitest/vitest.mjs', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/unit.json`),
    // Nothing runs beside this stage, and its files spend much of their time waiting on databases, child processes and
    // servers: one file per core, where vitest's default (cores - 1) runs them one at a time on two cores.
    // A VITEST_MAX_WORKERS of the caller's wins.
    env: { VITEST_MAX_WORKERS: process.env.VITEST_MAX_WORKERS ?? String(availableParallelism()) },
    needs: ['generate'],
    report: `${REPORTS}/unit.json`,
    count: vitestCounts,
  },
  // next build, then the compile hints on the first-load chunks (scripts/build/compile-hints.mjs).
  { name: 'build', cmd: ['npm', ['run', '--silent', 'build:next']], needs: ['generate'] },
  {
    name: 'http',
    cmd: npx('vitest/vitest.mjs', 'run', '--project', 'http', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/http.json`),
    needs: ['build'],
    report: `${REPORTS}/http.json`,
    count: vitestCounts,
  },
  // The unit tier's files that reach the database, then the HTTP tier, on PostgreSQL: each stage starts and removes
  // its own server (scripts/test-pg.mjs), so the two can run in different lanes.
  ...['unit', 'http'].map((tier) => ({
    name: `pg-${tier}`,
    cmd: [process.execPath, ['scripts/test-pg.mjs', tier]],
    needs: ['build'],
    report: `${REPORTS}/${tier}-pg.json`,
    count: vitestCounts,
  })),
  {
    name: 'drills',
    cmd: npx('vitest/vitest.mjs', 'run', '--project', 'drills', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/drills.json`),
    needs: ['build'],
    report: `${REPORTS}/drills.json`,
    count: vitestCounts,
  },
  {
    // The packed release unpacked in an empty folder, on SQLite and on PostgreSQL (scripts/release/release-test.mjs).
    name: 'release',
    cmd: [process.execPath, ['scripts/release/release-test.mjs']],
    needs: ['build'],
    report: `${REPORTS}/release.json`,
    count: vitestCounts,
  },
  { name: 'browser', cmd: [process.execPath, ['test-support/browser/ensure-browser.mjs']], needs: ['build'] },
  {
    name: 'e2e',
    cmd: npx('@playwright/test/cli.js', 'test', '--reporter=list,json'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e.json` },
    needs: ['build', 'browser'],
    report: `${REPORTS}/e2e.json`,
    count: playwrightCounts,
  },
];

/** The first line of a failure's message, without terminal colours: enough to tell which failure it is. */
const firstLine = (message = '') =>
  String(message)
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 200) ?? '';

function vitestCounts(report) {
  const files = report.testResults ?? [];
  const failures = files.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({ test: `${path.relative(process.cwd(), file.name)} › ${test.fullName}`, message: firstLine(test.failureMessages?.[0]) })),
  );
  // A file that failed before its tests ran (an import error, a hook) has no failed test of its own.
  for (const file of files.filter((each) => each.status === 'failed' && each.assertionResults.every((test) => test.status !== 'failed'))) {
    failures.push({ test: path.relative(process.cwd(), file.name), message: firstLine(file.message) });
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests, failures };
}

function playwrightCounts(report) {
  const failures = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests.filter((each) => each.status === 'unexpected')) {
        const error = test.results.at(-1)?.error?.message;
        failures.push({ test: `[${test.projectName}] ${file ?? suite.file} › ${spec.title}`, message: firstLine(error) });
      }
    }
    for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, failures };
}

/**
 * After the build, two lanes run side by side. Each runs one process at a time (the http, drills and release
 * projects take their files in turn; Playwright has one worker), so two lanes fill a two-core machine where one left
 * a core idle; every test picks its own free port and temporary folder, so they do not meet. The lanes are balanced
 * by their stages' times (docs/development.md has a whole run's). The second lane's output is held and printed when
 * each of its stages ends, so the log stays readable.
 */
const LANES = [
  ['http', 'pg-http', 'release'],
  ['browser', 'e2e', 'drills', 'pg-unit'],
];
const laneStages = new Set(LANES.flat());

const results = new Map();

async function runStage(stage, { held = false } = {}) {
  const blocked = (stage.needs ?? []).filter((need) => results.get(need)?.status !== 'passed');
  if (blocked.length) {
    results.set(stage.name, { status: 'skipped', seconds: 0, note: `needs ${blocked.join(', ')}` });
    return;
  }
  if (!held) console.log(`\n━━━ ${stage.name} ━━━`);
  const started = Date.now();
  const [command, args] = stage.cmd;
  const { code, output } = await run(command, args, { env: { ...process.env, ...stage.env }, quiet: held });
  if (held) console.log(`\n━━━ ${stage.name} (ran beside the other lane) ━━━\n${output}`);
  const result = { status: code === 0 ? 'passed' : 'failed', seconds: (Date.now() - started) / 1000 };
  if (stage.report) {
    try {
      Object.assign(result, stage.count(JSON.parse(readFileSync(stage.report, 'utf8'))));
    } catch {
      result.note = 'no test report';
    }
  }
  results.set(stage.name, result);
}

const byName = new Map(stages.map((stage) => [stage.name, stage]));
for (const stage of stages.filter((each) => !laneStages.has(each.name))) await runStage(stage);
const started = Date.now();
if (process.env.TEST_LANES === '1') {
  for (const name of LANES.flat()) await runStage(byName.get(name));
} else {
  await Promise.all(
    LANES.map(async (lane, index) => {
      for (const name of lane) await runStage(byName.get(name), { held: index > 0 });
    }),
  );
}
const laneSeconds = (Date.now() - started) / 1000;

let passed = 0;
let failed = 0;
console.log('\n━━━ summary ━━━');
for (const name of stages.map((stage) => stage.name).filter((each) => results.has(each))) {
  const result = results.get(name);
  const tests = result.passed !== undefined ? `${result.passed} passed, ${result.failed} failed` : '';
  console.log(`${name.padEnd(10)} ${result.status.padEnd(8)} ${result.seconds.toFixed(1).padStart(6)}s  ${tests}${result.note ? ` (${result.note})` : ''}`);
  passed += result.passed ?? 0;
  failed += result.failed ?? 0;
  // A failed or skipped stage without its own test count still fails the run.
  if (result.status !== 'passed' && !result.failed) failed += 1;
}
console.log(`(the stages after build took ${laneSeconds.toFixed(1)} s side by side)`);
// Which tests failed, by name, so a run's log says what to look at without its reports.
const failures = [...results].flatMap(([name, result]) => (result.failures ?? []).map((failure) => ({ stage: name, ...failure })));
if (failures.length) {
  console.log('\nFailed tests:');
  for (const { stage, test, message } of failures) console.log(`  ${stage.padEnd(8)} ${test}${message ? `\n           ${message}` : ''}`);
}
const ok = [...results.values()].every((r) => r.status === 'passed');
console.log(ok ? '\nAll checks passed.' : '\nSome checks failed.');
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
