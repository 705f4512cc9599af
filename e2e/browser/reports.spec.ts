import { expect, test, type Locator, type Page, type TestInfo } from '../../test-support/browser/journey';
import { expectAccessible } from '../../test-support/browser/axe';

/**
 * Reports that get produced. A buyer pays for the website audit of a page this test run serves locally
 * (test-support/audit/serve-audit-page.mjs, allowed through AUDIT_ALLOWED_HOSTS) and reads the report the job runner
 * wrote; a buyer pays for the local-visibility audit and a consultant writes it in /staff/reports.
 */

// Matches the sales account serve-for-e2e.mjs seeds.
const SALES = { email: 'sales@e2e.example', password: 'e2e sales password' };
const AUDITED_PAGE = `http://127.0.0.1:${process.env.E2E_AUDIT_PAGE_PORT}/offer`;

async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** From the service page's Buy button through the sandbox payment to the report page; returns the report's address. */
async function buyAndFollowReport(page: Page, testInfo: TestInfo, serviceId: string, fill: (page: Page) => Promise<void>): Promise<string> {
  await page.goto(`/services/${serviceId}`);
  await fill(page);
  await page.getByLabel(/I confirm I am authorised/).check();
  await page.getByRole('button', { name: /^Buy for / }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/[^/]+$/);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('complete');
  await checkPage(page, testInfo, `${serviceId}-paid`);
  await page.getByRole('link', { name: 'Follow your report' }).click();
  await expect(page).toHaveURL(/\/reports\/[A-Za-z0-9_-]{43}$/);
  return new URL(page.url()).pathname;
}

/** The report page shows the state of the moment; the buyer reloads until it is ready. */
async function waitForReady(page: Page) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('report-status')).toHaveText('Ready', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test('a buyer pays for the website audit of their page and reads the report the system wrote', async ({ page, request }, testInfo) => {
  const reportPath = await buyAndFollowReport(page, testInfo, 'website-offer-audit', (buyer) => buyer.getByLabel(/^URL to audit/).fill(AUDITED_PAGE));
  await waitForReady(page);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your report is ready');
  await expect(page.getByTestId('report-final-url')).toHaveText(AUDITED_PAGE);
  for (const [severity, count] of [
    ['critical', '1'],
    ['major', '9'],
    ['minor', '7'],
    ['info', '0'],
  ]) {
    await expect(page.getByTestId(`report-count-${severity}`)).toHaveText(count!);
  }
  await expect(page.locator('[data-finding-id="offer.heavy-form"]')).toContainText('The form asks for 12 fields, 9 of them required');
  await expect(page.locator('[data-finding-id="basics.not-https"]')).toBeVisible();
  await checkPage(page, testInfo, 'website-audit-report');

  const report = await (await request.get(reportPath.replace('/reports/', '/v1/reports/'))).json();
  expect(report).toMatchObject({ status: 'ready', serviceId: 'website-offer-audit', failureReason: null });
  expect(report.summary.counts).toEqual({ critical: 1, major: 9, minor: 7, info: 0, total: 17 });
});

/** One finding of the consultant's form, by its legend. */
const finding = (page: Page, number: number): Locator => page.getByRole('group', { name: `Finding ${number}` });

async function fillFinding(
  group: Locator,
  values: { id: string; category: string; severity: string; title: string; detail: string; recommendation: string; evidence?: string },
) {
  await group.getByLabel('Identifier').fill(values.id);
  await group.getByLabel('Category').selectOption({ label: values.category });
  await group.getByLabel('Severity').selectOption({ label: values.severity });
  await group.getByLabel('Title').fill(values.title);
  await group.getByLabel('What we found').fill(values.detail);
  await group.getByLabel('What to change').fill(values.recommendation);
  if (values.evidence) await group.getByLabel('Evidence').fill(values.evidence);
}

test('a consultant writes the local-visibility report in the staff area, and the buyer reads it', async ({ browser, page }, testInfo) => {
  // Each viewport's run buys its own audit, so the two never pick up each other's report.
  const business = `Ridgeline Bakery ${testInfo.project.name} ${Date.now()}`;
  const reportPath = await buyAndFollowReport(page, testInfo, 'local-market-constraint-audit', async (buyer) => {
    await buyer.getByLabel('Business name').fill(business);
    await buyer.getByLabel('Location').fill('Pittsburgh, PA');
  });
  await expect(page.getByTestId('report-status')).toHaveText('Queued');
  await checkPage(page, testInfo, 'local-report-queued');

  const staff = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const consultant = await staff.newPage();
  await consultant.goto('/staff/reports');
  await expect(consultant).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff%2Freports$/);
  await consultant.getByLabel('Email').fill(SALES.email);
  await consultant.getByLabel('Password').fill(SALES.password);
  await consultant.getByRole('button', { name: 'Sign in' }).click();
  await expect(consultant).toHaveURL(/\/staff\/reports$/);
  await checkPage(consultant, testInfo, 'staff-reports');

  await consultant.getByRole('link', { name: `${business}, Pittsburgh, PA` }).click();
  await expect(consultant.getByRole('heading', { level: 1 })).toHaveText(`${business}, Pittsburgh, PA`);
  await expect(consultant.getByTestId('report-status')).toHaveText('Waiting');
  await consultant.getByRole('button', { name: 'Claim this report' }).click();
  await expect(consultant.getByTestId('report-status')).toHaveText('Being written by E2E Sales');

  await consultant.getByRole('button', { name: 'Add a finding' }).click();
  await fillFinding(finding(consultant, 1), {
    id: 'local.reviews-unanswered',
    category: 'Reviews',
    severity: 'Major',
    title: 'Nine of the last ten reviews have no reply',
    detail: 'Buyers comparing bakeries read the replies as much as the stars.',
    recommendation: 'Reply to every review within two days, starting with the one-star ones.',
    evidence: '<b>Stale bread</b>, never again (1 star, no reply)',
  });
  await consultant.getByRole('button', { name: 'Add a finding' }).click();
  await expect(finding(consultant, 2)).toBeVisible();
  await expect(finding(consultant, 1).getByLabel('Title')).toHaveValue('Nine of the last ten reviews have no reply');
  await finding(consultant, 2).getByLabel('Title').fill('The listing shows no opening hours');

  // Publishing half a finding is refused, field by field; nothing typed is lost.
  await consultant.getByRole('button', { name: 'Publish the report' }).click();
  const severity = finding(consultant, 2).getByLabel('Severity');
  await expect(severity).toHaveAttribute('aria-invalid', 'true');
  await expect(severity).toHaveAccessibleDescription('Please choose one of the options.');
  await expect(finding(consultant, 2).getByLabel('What we found')).toHaveAccessibleDescription(/Please fill in this field\./);
  await expect(finding(consultant, 2).getByLabel('Title')).toHaveValue('The listing shows no opening hours');
  await expect(consultant.getByRole('alert').filter({ hasText: 'need attention' })).toHaveText('5 fields need attention. The messages are next to the fields.');
  await checkPage(consultant, testInfo, 'staff-report-errors');

  // The draft lives on the server: it survives leaving the page.
  await consultant.reload();
  await expect(finding(consultant, 2).getByLabel('Title')).toHaveValue('The listing shows no opening hours');
  await expect(finding(consultant, 1).getByLabel('Category')).toHaveValue('reviews');

  await fillFinding(finding(consultant, 2), {
    id: 'local.hours-missing',
    category: 'Listing completeness',
    severity: 'Critical: fix first',
    title: 'The listing shows no opening hours',
    detail: 'Searches for a bakery open now skip a listing without hours.',
    recommendation: 'Add the opening hours, including the early Saturday start.',
  });
  await consultant.getByRole('button', { name: 'Publish the report' }).click();
  await expect(consultant.getByRole('status').filter({ hasText: 'Published' })).toHaveText('Published: the buyer can read the report now.');
  await expect(consultant.getByTestId('report-status')).toHaveText('Ready');
  await checkPage(consultant, testInfo, 'staff-report-published');
  await staff.close();

  await page.goto(reportPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your report is ready');
  await expect(page.getByTestId('report-count-critical')).toHaveText('1');
  await expect(page.getByTestId('report-count-major')).toHaveText('1');
  const reviews = page.locator('[data-finding-id="local.reviews-unanswered"]');
  await expect(reviews).toContainText('Reply to every review within two days');
  // Stored as data, shown as text: the consultant's markup is quoted, not rendered.
  await expect(reviews.getByRole('blockquote')).toHaveText('<b>Stale bread</b>, never again (1 star, no reply)');
  await expect(page.locator('[data-finding-id="local.hours-missing"]')).toContainText('Critical: fix first');
  await checkPage(page, testInfo, 'local-report-ready');
});
