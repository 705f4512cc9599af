import { expect, test } from '../../test-support/browser/journey';
import { expectAccessible } from '../../test-support/browser/axe';

test('the home page loads for a browser and passes axe', async ({ page }, testInfo) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How we help' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home.png'), fullPage: true });
  await expectAccessible(page);
});

test('/docs renders the API reference without any request leaving the app', async ({ page, baseURL }, testInfo) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: /Throughline Partners API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('listServices')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const outside = requested.filter((url) => !url.startsWith(baseURL!) && !url.startsWith('data:') && !url.startsWith('blob:'));
  expect(outside).toEqual([]);
  expect(requested).toContain(`${baseURL}/openapi.json`);
  await page.screenshot({ path: testInfo.outputPath('docs.png') });
});
