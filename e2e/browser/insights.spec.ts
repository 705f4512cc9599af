import { expect, test, type Page, type TestInfo } from '../../test-support/browser/journey';
import { expectAccessible } from '../../test-support/browser/axe';

/** Axe in both colour schemes (it turns transitions off itself), then a full-page screenshot for the record. */
async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

test('a reader searches the insights, opens a result and follows a related insight', async ({ page }, testInfo) => {
  await page.goto('/insights');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Field notes on finding and managing constraints');
  await checkPage(page, testInfo, 'insights');

  const search = page.getByRole('search', { name: 'Insights' });
  await search.getByRole('searchbox', { name: 'Search the insights' }).fill('buffer');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/insights\?q=buffer$/);
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByTestId('search-count')).toHaveText(/^\d+ results? for “buffer”/);
  await expect(results.locator('mark').first()).toBeVisible();
  await expect(results.locator('mark').first()).toHaveText(/^buffer/i);
  await checkPage(page, testInfo, 'search-results');

  const firstResult = results.getByRole('heading', { level: 3 }).first();
  const articleTitle = (await firstResult.textContent())!;
  await firstResult.getByRole('link').click();
  await expect(page).toHaveURL(/\/insights\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(articleTitle);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Insights');
  await checkPage(page, testInfo, 'article');

  const related = page.getByRole('region', { name: 'Related insights' });
  const relatedHeading = related.getByRole('heading', { level: 3 }).first();
  const relatedTitle = (await relatedHeading.textContent())!;
  await relatedHeading.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(relatedTitle);
  expect(relatedTitle).not.toBe(articleTitle);
  await checkPage(page, testInfo, 'related-article');
});

test('a reader filters the insights by topic and clears the filter', async ({ page }, testInfo) => {
  await page.goto('/insights');
  const topics = page.getByRole('navigation', { name: 'Filter by topic' });
  await topics.getByRole('link', { name: /^Leadership/ }).click();
  await expect(page).toHaveURL(/\/insights\?topic=leadership$/);
  await expect(topics.getByRole('link', { name: /^Leadership/ })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('Showing only insights on Leadership.')).toBeVisible();
  await checkPage(page, testInfo, 'topic-filter');

  await page.getByRole('link', { name: 'Clear the topic filter' }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(topics.getByRole('link', { name: 'All topics' })).toHaveAttribute('aria-current', 'true');
});
