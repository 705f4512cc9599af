#!/usr/bin/env node
// Makes sure Playwright has a Chromium to drive, installing one the way this machine allows.
import { findBrowser } from './browser.mjs';
import { run } from '../../server/run.mjs';

async function install() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && (await run('sh', ['-c', 'command -v apt-get'], { quiet: true })).code === 0) {
    console.log('No browser found: installing Debian Chromium with apt-get.');
    await run('apt-get', ['update', '-qq']);
    const { code } = await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (code === 0) return;
  }
  console.log('No browser found: trying `playwright install chromium`.');
  await run(process.execPath, ['node_modules/@playwright/test/cli.js', 'install', 'chromium']);
}

if (!findBrowser()) await install();
const browser = findBrowser();
if (!browser) {
  console.error(
    'No Chromium for the browser tests. Install one (Debian: `apt-get install chromium`; elsewhere: `npx playwright install chromium`) ' +
      'or point E2E_BROWSER_PATH at a Chromium executable.',
  );
  process.exit(1);
}
console.log(`Browser for e2e: ${browser}`);
