import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/**
 * The features Playwright turns off when it starts Chromium (its chromiumSwitches). Chromium keeps only the last
 * --disable-features it is given and Playwright puts its own first, so the list below must repeat them:
 * e2e/browser/browser-flags.spec.ts fails when a Playwright upgrade adds one that is missing here.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
];

/**
 * Chromium 156 starts the omnibox's WebUI popup with every new window, headless too: a renderer of its own that
 * evaluates about 280 ms of script while the page under test loads, on a machine of two cores. Off, a new browser
 * context with one page load takes 0.55 s instead of 0.8 s, and Lighthouse's page shares the cores with nothing of
 * the browser's own (docs/performance.md).
 */
export const OMNIBOX_WEBUI_FEATURES = ['WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxPopup'];

/**
 * Flags that keep Chromium from reaching out to the network or needing a sandbox (CI runs as root), and from running
 * its own UI's pages beside the page under test.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI_FEATURES].join(',')}`,
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
