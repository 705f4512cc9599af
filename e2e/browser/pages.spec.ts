import { expect, test } from '../../test-support/browser/journey';
import { expectAccessible } from '../../test-support/browser/axe';

// Pages no journey passes through still get the accessibility check and a screenshot.
for (const { path, heading } of [
  { path: '/about', heading: /Throughline Partners/ },
  { path: '/no-such-page', heading: 'We could not find that page' },
]) {
  test(`${path} renders and passes axe`, async ({ page }, testInfo) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('h1')).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('page.png'), fullPage: true });
    await expectAccessible(page);
  });
}

test('sitemap, robots and feed are served and list no drafts', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/services/constraint-snapshot');
  expect(sitemap).toContain('/insights/why-local-efficiency-lies');
  expect(sitemap).not.toContain('hospital-patient-flow');
  const feed = await request.get('/insights/feed.xml');
  expect(feed.headers()['content-type']).toContain('application/atom+xml');
  const atom = await feed.text();
  expect(atom).toContain('/insights/why-local-efficiency-lies');
  expect(atom).not.toContain('hospital-patient-flow');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap:');
  expect(robots).toContain('Disallow: /pay/');
});
