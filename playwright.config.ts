import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from './test-support/browser/browser.mjs';
import { freePort } from './test-support/free-port.mjs';

// Chosen once in the main process; workers inherit them through the environment.
process.env.E2E_PORT ??= String(await freePort());
// The local page the report journeys buy a website audit of; the app may fetch it through AUDIT_ALLOWED_HOSTS.
process.env.E2E_AUDIT_PAGE_PORT ??= String(await freePort());
/** A folder under /tmp for this run, unless the caller gave one; the ones made here are removed at the end of the run. */
function runFolder(variable: 'E2E_DATABASE_DIR' | 'E2E_MAIL_DIR', prefix: string): string {
  const given = process.env[variable];
  if (given) return given;
  const made = mkdtempSync(path.join(os.tmpdir(), prefix));
  process.env[variable] = made;
  process.env.E2E_FOLDERS_MADE = JSON.stringify([...(JSON.parse(process.env.E2E_FOLDERS_MADE ?? '[]') as string[]), made]);
  return made;
}
// The server's database, so journeys can check what a form stored (test-support/browser/e2e-database.ts).
const databaseDir = runFolder('E2E_DATABASE_DIR', 'toc-e2e-');
// Where the server's SMTP sink writes every message it accepts, so journeys can follow a link in an email.
const mailDir = runFolder('E2E_MAIL_DIR', 'toc-e2e-mail-');
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const launchOptions = { executablePath: findBrowser() ?? undefined, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'e2e/browser',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Shared two-core machines: give navigations and server actions room before calling them failed.
  expect: { timeout: 10_000 },
  timeout: 60_000,
  reporter: [['list']],
  globalTeardown: './test-support/browser/remove-e2e-folders.mjs',
  // A failed journey keeps its trace (DOM snapshots, network, console) without the screencast: recording its frames cost
  // 8 % of the browser stage (two specs: 125-130 s with them, 116 s without), and the screenshots below show the end.
  use: { baseURL, screenshot: 'on', trace: { mode: 'retain-on-failure', screenshots: false }, launchOptions },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions } },
  ],
  webServer: [
    {
      command: 'node test-support/browser/serve-for-e2e.mjs',
      url: `${baseURL}/v1/health`,
      env: {
        PORT: process.env.E2E_PORT,
        E2E_DATABASE_DIR: databaseDir,
        E2E_MAIL_DIR: mailDir,
        AUDIT_ALLOWED_HOSTS: `127.0.0.1:${process.env.E2E_AUDIT_PAGE_PORT}`,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node test-support/audit/serve-audit-page.mjs',
      url: `http://127.0.0.1:${process.env.E2E_AUDIT_PAGE_PORT}/health`,
      env: { PORT: process.env.E2E_AUDIT_PAGE_PORT },
      reuseExistingServer: false,
      timeout: 10_000,
    },
  ],
});
