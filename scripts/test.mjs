#!/usr/bin/env node
// `npm test`: every check the project has, in order, with a pass/fail summary at the end.
//   generate → typecheck → lint → contract (OpenAPI lint) → unit (vitest, real SQLite) → build
//   → http (vitest against next start) → pg (unit and http again on a throwaway PostgreSQL)
//   → drills (short forms of the reliability drills, drills/, on SQLite) → release (the packed release, unpacked and
//   started on both engines) → e2e (Playwright)
import { mkdirSync, readFileSync } from 'node:fs';
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
    needs: ['generate'],
    report: `${REPORTS}/unit.json`,
    count: vitestCounts,
  },
  { name: 'build', cmd: npx('next/dist/bin/next', 'build'), needs: ['generate'] },
  {
    name: 'http',
    cmd: npx('vitest/vitest.mjs', 'run', '--project', 'http', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/http.json`),
    needs: ['build'],
    report: `${REPORTS}/http.json`,
    count: vitestCounts,
  },
  {
    // Both tiers again on PostgreSQL (scripts/test-pg.mjs starts and removes the server); it writes pg.json.
    name: 'pg',
    cmd: [process.execPath, ['scripts/test-pg.mjs']],
    needs: ['build'],
    report: `${REPORTS}/pg.json`,
    count: vitestCounts,
  },
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

function vitestCounts(report) {
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

function playwrightCounts(report) {
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}

const results = new Map();
for (const stage of stages) {
  const blocked = (stage.needs ?? []).filter((need) => results.get(need)?.status !== 'passed');
  if (blocked.length) {
    results.set(stage.name, { status: 'skipped', seconds: 0, note: `needs ${blocked.join(', ')}` });
    continue;
  }
  console.log(`\n━━━ ${stage.name} ━━━`);
  const started = Date.now();
  const [command, args] = stage.cmd;
  const { code } = await run(command, args, { env: { ...process.env, ...stage.env } });
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

let passed = 0;
let failed = 0;
console.log('\n━━━ summary ━━━');
for (const [name, result] of results) {
  const tests = result.passed !== undefined ? `${result.passed} passed, ${result.failed} failed` : '';
  console.log(`${name.padEnd(10)} ${result.status.padEnd(8)} ${result.seconds.toFixed(1).padStart(6)}s  ${tests}${result.note ? ` (${result.note})` : ''}`);
  passed += result.passed ?? 0;
  failed += result.failed ?? 0;
  // A failed or skipped stage without its own test count still fails the run.
  if (result.status !== 'passed' && !result.failed) failed += 1;
}
const ok = [...results.values()].every((r) => r.status === 'passed');
console.log(ok ? '\nAll checks passed.' : '\nSome checks failed.');
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
