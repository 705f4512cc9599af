import { expect, test } from '../../test-support/browser/journey';
import { expectAccessible } from '../../test-support/browser/axe';
import { emailsTo } from '../../test-support/mail/browser-mailbox';

type Session = { token: string; checkoutUrl: string };

async function startCheckout(request: import('@playwright/test').APIRequestContext, serviceId: string, buyerInputs: object = {}) {
  const detail = await (await request.get(`/v1/services/${serviceId}`)).json();
  const response = await request.post(`/v1/services/${serviceId}/checkout`, { data: { purchaseDigest: detail.purchaseDigest, buyerInputs } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Session;
}

test('a buyer pays on the sandbox page and the API reports the checkout complete', async ({ page, request }, testInfo) => {
  const session = await startCheckout(request, 'constraint-snapshot');
  await page.goto(session.checkoutUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay for Constraint Snapshot');
  await page.screenshot({ path: testInfo.outputPath('sandbox-payment.png'), fullPage: true });
  await page.getByRole('button', { name: 'Pay $1,450.00' }).click();

  await expect(page).toHaveURL(new RegExp(`/checkout/${session.token}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you: your payment is complete');
  await expect(page.getByTestId('checkout-status')).toHaveText('complete');
  await page.screenshot({ path: testInfo.outputPath('checkout-complete.png'), fullPage: true });

  const status = await (await request.get(`/v1/checkout/${session.token}`)).json();
  expect(status).toMatchObject({ status: 'complete', serviceId: 'constraint-snapshot', amount: 1450, reportUrl: null });
  expect(Date.parse(status.completedAt)).toBeGreaterThan(Date.now() - 60_000);
});

test('paying for an audit queues its report', async ({ page, request }) => {
  // The local-visibility audit stays queued for a consultant; the website audit's job starts at once (reports.spec.ts).
  const session = await startCheckout(request, 'local-market-constraint-audit', { responsibility_acknowledged: true, place_id: 'ChIJN1t_tDeuEmsRUsoyG83frY4' });
  await page.goto(session.checkoutUrl);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('complete');
  const status = await (await request.get(`/v1/checkout/${session.token}`)).json();
  expect(status.reportUrl).toMatch(/^\/v1\/reports\/[A-Za-z0-9_-]{43}$/);
  const report = await (await request.get(status.reportUrl)).json();
  expect(report).toMatchObject({ status: 'queued', serviceId: 'local-market-constraint-audit', findings: null });
});

test('a buyer who gives an email for the receipt gets it, with the order and report links; a bad address is refused first', async ({
  page,
  request,
}, testInfo) => {
  const email = `lena.${testInfo.project.name}@receipt.example`;
  const session = await startCheckout(request, 'website-offer-audit', { responsibility_acknowledged: true, url_to_audit: 'https://northgate.example/offer' });
  await page.goto(session.checkoutUrl);
  await page.getByLabel('Email for your receipt').fill('lena@');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByLabel('Email for your receipt')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#receiptEmail-error')).toHaveText('Enter an email address like name@example.com, or leave the field empty.');
  await expect(page.getByLabel('Email for your receipt')).toHaveValue('lena@');
  await expectAccessible(page);
  await page.getByLabel('Email for your receipt').fill(email);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('complete');

  const status = await (await request.get(`/v1/checkout/${session.token}`)).json();
  const [receipt, ...more] = await emailsTo(email, 1);
  expect(more).toEqual([]);
  expect(receipt!.parsed.subject).toBe('Receipt: Website Offer Constraint Audit, $590.00');
  expect(receipt!.parsed.text).toContain(`/checkout/${session.token}`);
  expect(receipt!.parsed.text).toContain(status.reportUrl.replace('/v1/reports/', '/reports/'));
});

test('a buyer who cancels on the sandbox page leaves a cancelled checkout', async ({ page, request }) => {
  const session = await startCheckout(request, 'buffer-board-starter-kit');
  await page.goto(session.checkoutUrl);
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('cancelled');
  expect((await (await request.get(`/v1/checkout/${session.token}`)).json()).status).toBe('cancelled');
});
