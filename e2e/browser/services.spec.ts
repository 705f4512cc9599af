import { expect, test, type Page, type TestInfo } from '../../test-support/browser/journey';
import { expectAccessible } from '../../test-support/browser/axe';

/**
 * Visitor journeys through the services pages: browsing to a service, and buying the two kinds of
 * self-serve service (one that asks for inputs, one that does not) up to the sandbox payment page.
 */

/** Axe in both colour schemes (it turns transitions off itself), then a full-page screenshot for the record. */
async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** How the pages write a catalogue price: whole amounts without cents ("$1,450"). */
function wholePrice(amount: number, currency: string) {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
}

test('a visitor browses from the home page to a service, reads an answer and sees the API price', async ({ page, request }, testInfo) => {
  await page.goto('/');
  await checkPage(page, testInfo, 'home');
  await page.getByRole('main').getByRole('link', { name: 'Constraint analysis', exact: true }).click();

  await expect(page).toHaveURL(/\/services\?category=constraint-analysis$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Constraint analysis' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Offer analysis' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Service categories' }).getByRole('link', { name: 'Constraint analysis' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await checkPage(page, testInfo, 'services-constraint-analysis');
  await page.getByRole('link', { name: 'Constraint Snapshot', exact: true }).click();

  await expect(page).toHaveURL(/\/services\/constraint-snapshot$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Constraint Snapshot');

  const detail = await (await request.get('/v1/services/constraint-snapshot')).json();
  await expect(page.getByTestId('service-price')).toContainText(wholePrice(detail.pricing.amount, detail.pricing.currency));

  const { faqs } = await (await request.get('/v1/services/constraint-snapshot/faq')).json();
  const faq = faqs[0] as { question: string; answer: string };
  const answer = page.getByText(faq.answer, { exact: true });
  await expect(answer).toBeHidden();
  await page.getByText(faq.question, { exact: true }).click();
  await expect(answer).toBeVisible();
  await checkPage(page, testInfo, 'service-constraint-snapshot');
});

test('a buyer of the URL audit is told what is missing, keeps what they typed, then reaches payment', async ({ page }, testInfo) => {
  await page.goto('/services/website-offer-audit');
  const url = page.getByLabel(/^URL to audit/);
  const confirmation = page.getByLabel(/I confirm I am authorised/);
  await confirmation.check();
  await page.getByRole('button', { name: 'Buy for $590' }).click();

  await expect(url).toHaveAccessibleDescription(/Please fill in this field\./);
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#url_to_audit-error')).toBeVisible();
  await expect(confirmation).toBeChecked();
  await checkPage(page, testInfo, 'website-offer-audit-errors');

  await url.fill('https://ridgeline.example/offer');
  await page.getByRole('button', { name: 'Buy for $590' }).click();

  await expect(page).toHaveURL(/\/pay\/sandbox\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay for Website Offer Constraint Audit');
  await checkPage(page, testInfo, 'website-offer-audit-payment');
});

test('a buyer of a service without inputs pays in the sandbox and sees the order complete', async ({ page }, testInfo) => {
  await page.goto('/services/constraint-snapshot');
  await page.getByRole('button', { name: 'Buy for $1,450' }).click();

  await expect(page).toHaveURL(/\/pay\/sandbox\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay for Constraint Snapshot');
  await checkPage(page, testInfo, 'constraint-snapshot-payment');
  await page.getByRole('button', { name: 'Pay $1,450.00' }).click();

  await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you: your payment is complete');
  await expect(page.getByTestId('checkout-status')).toHaveText('complete');
  await checkPage(page, testInfo, 'constraint-snapshot-complete');
});
