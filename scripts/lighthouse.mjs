#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone, simulated slow 4G and CPU) of the
// main pages against the production build (`npm run build` first), on a fresh seeded database, in Debian's Chromium
// or E2E_BROWSER_PATH. Prints the four category scores per page; LIGHTHOUSE_RUNS=n takes the median of n runs
// (performance varies a few points between runs on a busy machine). A report, not a test: it always exits 0 once
// every page was audited, and lists each failed audit of a category below 100. LIGHTHOUSE_PAGES=/a,/b audits others;
// LIGHTHOUSE_REPORTS=<folder> writes each run's full report there as JSON (open it in the Lighthouse viewer).
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
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
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

const server = await startTestServer({ env: { JOB_RUNNER: 'off' } });
const debuggingPort = await freePort();
const browser = await chromium.launch({
  executablePath: findBrowser() ?? undefined,
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
});
try {
  const rows = [];
  for (const path of PAGES) {
    const url = `${server.baseUrl}${path}`;
    await fetch(url, { headers: { accept: 'text/html' } }); // a content page's cached copy is rendered by its first visit
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(url, { port: debuggingPort, onlyCategories: CATEGORIES, logLevel: 'error', output: 'json' });
      runs.push(result.lhr);
      if (REPORTS) writeFileSync(nodePath.join(REPORTS, `${path.replace(/\W+/g, '_') || 'home'}-${run + 1}.json`), result.report);
    }
    // A run Lighthouse could not record (Chromium's trace sometimes lacks its navigation start, NO_NAVSTART) scores
    // nothing: the median is of the runs that were recorded, and the failed ones are listed.
    const recorded = runs.filter((lhr) => !lhr.runtimeError);
    const scores = CATEGORIES.map((id) => (recorded.length > 0 ? median(recorded.map((lhr) => score(lhr.categories[id]))) : 0));
    const errors = runs.map((lhr) => lhr.runtimeError?.message).filter(Boolean);
    const detail = recorded.length > 0 ? shortfalls(recorded.at(-1)) : [];
    rows.push({ path, scores, shortfalls: [...errors.map((message) => `run not recorded: ${message}`), ...detail] });
  }
  console.log(`${'page'.padEnd(12)}${CATEGORIES.map((id) => id.padStart(16)).join('')}`);
  for (const { path, scores } of rows) console.log(`${path.padEnd(12)}${scores.map((value) => String(value).padStart(16)).join('')}`);
  for (const { path, shortfalls: failed } of rows) if (failed.length > 0) console.log(`\n${path}:\n  ${failed.join('\n  ')}`);
} finally {
  await browser.close();
  await server.stop();
}
