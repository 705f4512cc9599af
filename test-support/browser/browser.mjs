import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Flags that keep Chromium from reaching out to the network or needing a sandbox (CI runs as root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * The browser Playwright drives: E2E_BROWSER_PATH if set, else Debian's Chromium, else Playwright's
 * own download. Returns null when none is installed.
 */
export function findBrowser() {
  const configured = process.env.E2E_BROWSER_PATH;
  if (configured) return existsSync(configured) ? configured : null;
  const system = SYSTEM_CHROMIUM.find((path) => existsSync(path));
  if (system) return system;
  const bundled = chromium.executablePath();
  return bundled && existsSync(bundled) ? bundled : null;
}
