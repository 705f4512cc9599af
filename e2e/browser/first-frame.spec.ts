import { expect, test } from '../../test-support/browser/journey';

// A page's scripts load after its first frame (lib/http/first-frame-scripts.mjs): the browser asks for none of them
// while the stylesheet the frame waits for is still coming, nor before the document is parsed, and the page still
// hydrates, follows links in the client and runs under the strict policy (the journey fails on any violation).
test("a page's scripts are asked for once its stylesheet is in, and it still hydrates and navigates in the client", async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Hydrated: React has attached to the header, and every held-back template was put back.
  await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector('header')!).some((key) => key.startsWith('__react')))).toBe(true);
  await expect(page.locator('template[data-after-first-frame]')).toHaveCount(0);

  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const ofType = (extension: string) =>
      resources.filter((entry) => new URL(entry.name).pathname.startsWith('/_next/static/') && entry.name.endsWith(extension));
    return {
      parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
      stylesheetIn: Math.max(...ofType('.css').map((entry) => entry.responseEnd)),
      scripts: ofType('.js').map((entry) => ({ name: entry.name, startTime: entry.startTime })),
    };
  });
  expect(timing.stylesheetIn).toBeGreaterThan(0);
  expect(timing.scripts.length).toBeGreaterThan(3);
  for (const script of timing.scripts) {
    expect(script.startTime, script.name).toBeGreaterThanOrEqual(timing.stylesheetIn);
    expect(script.startTime, script.name).toBeGreaterThanOrEqual(timing.parsed);
  }

  // The client router took over: following a link keeps the same document.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

// A tab opened in the background draws no frames, so a frame callback would never come: the loader must not wait for one.
test('a page loaded in a hidden tab, where no frame is drawn, still gets its scripts and hydrates', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
    window.requestAnimationFrame = () => 0;
  });
  await page.goto('/about');
  await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector('header')!).some((key) => key.startsWith('__react')))).toBe(true);
  await expect(page.locator('template[data-after-first-frame]')).toHaveCount(0);
});
