import { expect, test } from '../../test-support/browser/journey';
import { expectAccessible } from '../../test-support/browser/axe';

test('a visitor books a consultation from the free slots, shown in their own time zone', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ timezoneId: 'Europe/Berlin', viewport: testInfo.project.use.viewport ?? undefined });
  const page = await context.newPage();
  // A topic in the address lists only the times of consultants who cover it.
  await page.goto('/book?service=constraint-analysis');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a consultation');
  await expect(page.getByTestId('slot-time-zone')).toHaveText('Europe/Berlin');
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
