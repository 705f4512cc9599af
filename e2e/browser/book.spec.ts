import { expect, test } from '../../test-support/browser/journey';
import { expectAccessible } from '../../test-support/browser/axe';
import { timeLabel } from '../../lib/site/zone-format';

test('a visitor books a consultation from the free slots, shown in their own time zone', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ timezoneId: 'Europe/Berlin', viewport: testInfo.project.use.viewport ?? undefined });
  const page = await context.newPage();
  // The server renders the firm's zone; the browser relabels the times in its own without asking the server again.
  const bookLoads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // The header's link to /book may prefetch it (`next-router-prefetch`): that fetches, but renders nothing again.
    const headers = request.headers();
    if (headers['next-router-prefetch']) return;
    if (url.pathname === '/book' && (request.resourceType() === 'document' || url.searchParams.has('_rsc') || headers['rsc'])) {
      bookLoads.push(`${request.method()} ${request.resourceType()} ${url.search}`);
    }
  });
  // A hydration mismatch (the browser's first render differing from the server's HTML) is reported here.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  // A topic in the address lists only the times of consultants who cover it.
  await page.goto('/book?service=constraint-analysis');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a consultation');
  await expect(page.getByTestId('slot-time-zone')).toHaveText('Europe/Berlin');
  const times = page.getByRole('group', { name: /^Preferred times on / }).locator('time');
  const shown = await times.evaluateAll((elements) => elements.map((element) => [element.getAttribute('datetime')!, element.textContent!]));
  expect(shown.length).toBeGreaterThan(0);
  expect(shown).toEqual(shown.map(([start]) => [start, timeLabel(start!, 'Europe/Berlin')]));
  const firstDay = page.getByRole('navigation', { name: 'Choose a day' }).getByRole('link').first();
  await expect(firstDay).toHaveAttribute('href', /^\/book\?service=constraint-analysis&day=\d{4}-\d{2}-\d{2}&tz=Europe%2FBerlin$/);
  expect(bookLoads).toEqual(['GET document ?service=constraint-analysis']);
  expect(consoleErrors).toEqual([]);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Request consultation' }).click();
  await expect(page.locator('#preferredTimes-error')).toHaveText('Please choose at least one.');

  const firstSlot = page.getByRole('checkbox').first();
  await firstSlot.check();
  await expect(page.getByLabel('Topic')).toHaveValue('constraint-analysis');
  await page.getByLabel('Your name').fill('Sam Okoye');
  await page.getByLabel('Email').fill('sam.okoye@ridgeline-foods.example');
  await page.getByLabel('What would you like to discuss?').fill('Our packaging line cannot keep up during the holiday peak.');
  await page.screenshot({ path: testInfo.outputPath('book-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Request consultation' }).click();

  await expect(page.getByRole('heading', { name: 'Your consultation is confirmed' })).toBeVisible();
  await expect(page.getByTestId('booking-status')).toHaveText('confirmed');
  await expect(page.getByText('Europe/Berlin time')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('book-confirmed.png'), fullPage: true });
  await expectAccessible(page);
  await context.close();
});
