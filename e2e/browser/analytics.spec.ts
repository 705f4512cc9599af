import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '../../test-support/browser/journey';
import { expectAccessible } from '../../test-support/browser/axe';

/**
 * What content works (docs/analytics.md): a visitor comes from a newsletter campaign, reads an insight, buys the
 * website audit of a page this run serves, and gets the report; marketing then finds the visit under its campaign,
 * one more reader and paid audit under the insight, and one more step at every stage of the audit's funnel. Other
 * journeys share the server, but run one at a time, so the figures are compared before and after this one.
 */

const MARKETING = { email: 'marketing@e2e.example', password: 'e2e marketing password' };
const AUDITED_PAGE = `http://127.0.0.1:${process.env.E2E_AUDIT_PAGE_PORT}/offer`;
const INSIGHT = 'why-local-efficiency-lies';
const SERVICE = 'Website Offer Constraint Audit';
const CAMPAIGN = `spring-${randomBytes(4).toString('hex')}`;

// A browser of its own (the build number), so this visitor's hash is not shared with the other journeys' pages.
test.use({
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${1000 + Math.floor(Math.random() * 8000)}.0 Safari/537.36`,
});

/** The cells of the one row of table `analytics-<table>` that holds `text`, as text; none when no row does. */
async function rowOf(page: Page, table: string, text: string): Promise<string[]> {
  const rows = page.getByTestId(`analytics-${table}`).locator('tbody tr').filter({ hasText: text });
  expect(await rows.count()).toBeLessThanOrEqual(1);
  return (await rows.locator('th, td').allInnerTexts()).map((cell) => cell.trim());
}

/** A figure of the insight panel, where a dash means none yet. */
const figure = (figures: Record<string, string>, heading: string) => (figures[heading] === '–' ? 0 : Number(figures[heading]));

/** The insight's figures on its staff page, by heading. */
async function insightPanel(page: Page): Promise<Record<string, string>> {
  await page.goto(`/staff/content/insights/${INSIGHT}`);
  const panel = page.getByTestId('insight-analytics');
  const [headings, values] = [await panel.locator('dt').allInnerTexts(), await panel.locator('dd').allInnerTexts()];
  return Object.fromEntries(headings.map((heading, i) => [heading, values[i]!]));
}

async function updateNow(page: Page): Promise<void> {
  await page.goto('/staff/analytics?days=1');
  await page.getByRole('button', { name: 'Update now' }).click();
  await expect(page.getByText('Figures brought up to date.')).toBeVisible();
}

/** Page visitors, checkouts started, paid and reports delivered of the audit (zeros before its first). */
const funnelOf = async (page: Page) => (await rowOf(page, 'funnels', SERVICE)).slice(1).map(Number).concat([0, 0, 0, 0]).slice(0, 4);

test('a campaign visit reads an insight, buys an audit, and shows in the funnel and under the insight', async ({ page, browser }, testInfo) => {
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto(`/staff/sign-in?next=${encodeURIComponent('/staff/analytics?days=1')}`);
  await staff.getByLabel('Email').fill(MARKETING.email);
  await staff.getByLabel('Password').fill(MARKETING.password);
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff).toHaveURL(/\/staff\/analytics\?days=1$/);
  await updateNow(staff);
  const funnelBefore = await funnelOf(staff);
  const insightBefore = await insightPanel(staff);

  // The visitor: from the newsletter to the insight, read to its end, then to the audit, bought and delivered.
  await page.goto(`/insights/${INSIGHT}?utm_source=newsletter&utm_medium=email&utm_campaign=${CAMPAIGN}`);
  await page.mouse.wheel(0, 20_000);
  await page.goto('/services/website-offer-audit');
  await page.getByLabel(/^URL to audit/).fill(AUDITED_PAGE);
  await page.getByLabel(/I confirm I am authorised/).check();
  await page.getByRole('button', { name: /^Buy for / }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/[^/]+$/);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('complete');
  await page.getByRole('link', { name: 'Follow your report' }).click();
  await expect(page).toHaveURL(/\/reports\/[A-Za-z0-9_-]{43}$/);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('report-status')).toHaveText('Ready', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  // The views are written within a second, and the conversions attributed two seconds after they happened.
  await expect(async () => {
    await updateNow(staff);
    // One visitor, one visit, its landing page; the checkout it started, and paid.
    expect(await rowOf(staff, 'campaigns', CAMPAIGN)).toEqual(['newsletter', 'email', CAMPAIGN, '1', '1', '1', '1', '1']);
    expect(await funnelOf(staff)).toEqual(funnelBefore.map((count) => count + 1));
  }).toPass({ timeout: 20_000, intervals: [1_000] });
  await expectAccessible(staff);
  await staff.screenshot({ path: testInfo.outputPath('analytics.png'), fullPage: true });

  const insightAfter = await insightPanel(staff);
  for (const heading of ['Readers', 'Checkouts started', 'Paid'])
    expect([heading, figure(insightAfter, heading)]).toEqual([heading, figure(insightBefore, heading) + 1]);
  await staffContext.close();
});
