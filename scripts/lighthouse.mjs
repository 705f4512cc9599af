#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone, simulated slow 4G and CPU) of the
// main pages against the production build (`npm run build` first), on a fresh seeded database, in Debian's Chromium
// or E2E_BROWSER_PATH. Prints the four category scores per page; LIGHTHOUSE_RUNS=n takes the median of n runs
// (performance varies a few points between runs on a busy machine). A report, not a test: it always exits 0 once
// every page was audited, and lists each failed audit of a category below 100. LIGHTHOUSE_PAGES=/a,/b audits others;
// LIGHTHOUSE_REPORTS=<folder> writes each run's full report there as JSON (open it in the Lighthouse viewer), and its
// Chromium trace beside it (<page>-<run>.trace.json, for chrome://tracing or the Performance panel).
// LIGHTHOUSE_COMPARE=<base URL> audits the same pages on another running server (say, main's build started with
// `npm start` on another port) in the same run, alternating with this one, and prints its row under each page: a
// change is judged against a peer measured beside it, not against a figure from another day.
import { mkdirSync, writeFileSync } from 'node:fs';
import nodePath from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findBrowser } from '../test-support/browser/browser.mjs';
import { startTestServer } from '../test-support/test-server.mjs';
import { freePort } from '../test-support/free-port.mjs';

// An insight with a hero image (the LCP element) and /about with its portraits cover the pages' pictures.
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
  '/',
  '/services',
  '/insights',
  '/insights/buffer-management-red-zones',
  '/about',
  '/contact',
  '/book',
  '/principles',
  '/privacy',
  '/services/dbr-implementation',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// Five runs by default, as Lighthouse's own guidance on variability advises: on a two-core machine one run's
// performance score moves by up to 11 points on the same page and build (`/`: 89 to 100 in five runs, its blocking
// time by 100-300 ms), and the median of three moved by 6 (`/contact`, 91 then 97, the same build an hour apart;
// docs/performance.md).
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const PEER = process.env.LIGHTHOUSE_COMPARE?.replace(/\/$/, '');
const REPORTS = process.env.LIGHTHOUSE_REPORTS ? nodePath.resolve(process.env.LIGHTHOUSE_REPORTS) : null;
if (REPORTS) mkdirSync(REPORTS, { recursive: true });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const score = (category) => Math.round((category?.score ?? 0) * 100);

/** The audits that cost a category points, as "category: audit id". */
function shortfalls(lhr) {
  const failed = [];
  for (const id of CATEGORIES) {
    for (const { id: auditId, weight } of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[auditId];
      if (weight > 0 && audit.score !== null && audit.score < 1) failed.push(`${id}: ${auditId} (${audit.displayValue ?? audit.score})`);
    }
  }
  return failed;
}

/**
 * One page's row: the median score of each category over the runs Lighthouse could record (Chromium's trace sometimes
 * lacks its navigation start, NO_NAVSTART: such a run scores nothing and is listed), and the last run's shortfalls.
 */
function summarise(path, runs) {
  const recorded = runs.filter((lhr) => !lhr.runtimeError);
  const scores = CATEGORIES.map((id) => (recorded.length > 0 ? median(recorded.map((lhr) => score(lhr.categories[id]))) : 0));
  const performanceRuns = recorded.map((lhr) => score(lhr.categories.performance));
  const errors = runs.map((lhr) => lhr.runtimeError?.message).filter(Boolean);
  const detail = recorded.length > 0 ? shortfalls(recorded.at(-1)) : [];
  return { path, scores, performanceRuns, shortfalls: [...errors.map((message) => `run not recorded: ${message}`), ...detail] };
}

const server = await startTestServer({ env: { JOB_RUNNER: 'off' } });
const debuggingPort = await freePort();
const browser = await chromium.launch({
  executablePath: findBrowser() ?? undefined,
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
});
try {
  const rows = [];
  const targets = [{ label: '', base: server.baseUrl }, ...(PEER ? [{ label: ' (peer)', base: PEER }] : [])];
  for (const path of PAGES) {
    const runs = new Map(targets.map((target) => [target, []]));
    // A content page's cached copy is rendered by its first visit.
    for (const { base } of targets) await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
    for (let run = 0; run < RUNS; run += 1) {
      // Alternate which server goes first, so a slow spell of the machine does not always fall on the same one.
      for (const target of run % 2 === 0 ? targets : [...targets].reverse()) {
        const result = await lighthouse(`${target.base}${path}`, { port: debuggingPort, onlyCategories: CATEGORIES, logLevel: 'error', output: 'json' });
        runs.get(target).push(result.lhr);
        if (REPORTS) {
          const name = `${path.replace(/\W+/g, '_') || 'home'}${target.label ? '-peer' : ''}-${run + 1}`;
          writeFileSync(nodePath.join(REPORTS, `${name}.json`), result.report);
          // The run's Chromium trace too: what the main thread did before the first paint is in it, not in the report.
          if (result.artifacts.Trace) writeFileSync(nodePath.join(REPORTS, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
        }
      }
    }
    for (const target of targets) rows.push(summarise(`${path}${target.label}`, runs.get(target)));
  }
  const width = Math.max(12, ...rows.map(({ path }) => path.length + 2));
  console.log(`${'page'.padEnd(width)}${CATEGORIES.map((id) => id.padStart(16)).join('')}   performance per run`);
  for (const { path, scores, performanceRuns } of rows) {
    console.log(`${path.padEnd(width)}${scores.map((value) => String(value).padStart(16)).join('')}   ${performanceRuns.join(' ')}`);
  }
  for (const { path, shortfalls: failed } of rows) if (failed.length > 0) console.log(`\n${path}:\n  ${failed.join('\n  ')}`);
} finally {
  await browser.close();
  await server.stop();
}
