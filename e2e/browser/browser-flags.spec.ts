import { chromium } from '@playwright/test';
import { expect, test } from '../../test-support/browser/journey';
import { CHROMIUM_ARGS, findBrowser, OMNIBOX_WEBUI_FEATURES } from '../../test-support/browser/browser.mjs';

/**
 * Chromium keeps only the last --disable-features it is given, so CHROMIUM_ARGS repeats Playwright's own list before
 * adding the omnibox's WebUI popup. This reads the features the browser really runs without (chrome://version) and
 * fails when a Playwright upgrade turns off one that CHROMIUM_ARGS would turn back on.
 */
async function disabledFeatures(args: string[]) {
  const browser = await chromium.launch({ executablePath: findBrowser() ?? undefined, args });
  try {
    const page = await browser.newPage();
    await page.goto('chrome://version/?show-variations-cmd');
    const text = await page.locator('body').innerText();
    // The variations line is the one Chromium resolved: the last --disable-features, quoted.
    const resolved = [...text.matchAll(/--disable-features="([^"]*)"/g)].at(-1)?.[1] ?? '';
    return resolved.split(',').filter(Boolean);
  } finally {
    await browser.close();
  }
}

test('the browser runs without both Playwright’s features and the omnibox’s WebUI popup', async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one launch check is enough: both projects start the same browser');
  const playwrightOwn = await disabledFeatures(CHROMIUM_ARGS.filter((arg) => !arg.startsWith('--disable-features=')));
  expect(playwrightOwn).toContain('HttpsUpgrades');
  const ours = await disabledFeatures(CHROMIUM_ARGS);
  expect(ours).toEqual(expect.arrayContaining([...playwrightOwn, ...OMNIBOX_WEBUI_FEATURES]));
});
