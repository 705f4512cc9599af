import { DateTime } from 'luxon';
import { expect, test, type Page } from '../../test-support/browser/journey';
import { expectAccessible } from '../../test-support/browser/axe';
import { e2eDatabase } from '../../test-support/browser/e2e-database';
import { emailsTo } from '../../test-support/mail/browser-mailbox';

/*
 * Promises kept: an inquiry arrives, shows on /staff, is assigned, its owner is reminded, it goes overdue, is
 * answered, and the promises page counts it kept late. The server runs on the real clock (its commitments watch every
 * 5 seconds, serve-for-e2e.mjs), so the due time is moved, in the database, to a few seconds from now: what a day of
 * waiting would do.
 */

// Matches the account serve-for-e2e.mjs creates.
const SALES = { email: 'sales@e2e.example', password: 'e2e sales password' };
const FIRM_ZONE = 'America/New_York';
/** Long enough to reload /staff and see it due; short enough to wait for. */
const DUE_IN_MS = 25_000;

async function signIn(page: Page, next: string) {
  await page.goto(`/staff/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(SALES.email);
  await page.getByLabel('Password').fill(SALES.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, (c) => `\\${c}`)}$`));
}

const keptLateReplies = async (page: Page) => {
  await page.goto('/staff/promises');
  return Number(await page.getByTestId('kind-inquiry-reply').getByTestId('late').textContent());
};

/** A due time DUE_IN_MS from now that is still today in the firm's zone (just before midnight, it waits for the new day). */
async function dueSoonToday(page: Page): Promise<Date> {
  for (;;) {
    const due = new Date(Date.now() + DUE_IN_MS);
    const sameDay = DateTime.fromJSDate(due, { zone: FIRM_ZONE }).hasSame(DateTime.now().setZone(FIRM_ZONE), 'day');
    if (sameDay) return due;
    await page.waitForTimeout(DUE_IN_MS + 1000);
  }
}

test('an inquiry is due on /staff, assigned, reminded, overdue, answered late, and counted kept late', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one run is enough: the pages themselves are checked on the phone below');
  test.setTimeout(180_000);
  const company = `Promise Journey ${Date.now()}`;

  await signIn(page, '/staff/promises');
  const lateBefore = await keptLateReplies(page);

  // A visitor sends an inquiry through the contact form.
  const visitor = await page.context().browser()!.newContext();
  const form = await visitor.newPage();
  await form.goto('/contact');
  await form.getByLabel('Your name').fill('Rosa Diaz');
  await form.getByLabel('Company').fill(company);
  await form.getByLabel('Email').fill('rosa.diaz@promise-journey.example');
  await form.getByLabel('What is holding your operation back?').fill('Assembly waits for paint every afternoon.');
  await form.getByLabel('Urgency').selectOption('high');
  await form.getByRole('button', { name: 'Send inquiry' }).click();
  const inquiryId = (await form.getByTestId('inquiry-id').textContent())!;
  await visitor.close();

  // It waits on /staff, unassigned; sales takes it.
  await page.goto('/staff');
  const unassigned = page.getByTestId('commitments-unassigned').getByRole('row').filter({ hasText: company });
  await expect(unassigned).toContainText(/reply due in \d+/);
  await expect(unassigned.getByTestId('commitment-owner')).toHaveText('Unassigned');
  await expectAccessible(page);
  await unassigned.getByRole('button', { name: /^Assign to me/ }).click();
  await expect(page.getByRole('status')).toHaveText('It is yours now.');
  await expect(page.getByTestId('commitments-unassigned').getByRole('row').filter({ hasText: company })).toHaveCount(0);

  // A day passes: the reply is now due in a few seconds.
  const database = e2eDatabase();
  const due = await dueSoonToday(page);
  const { number } = (await database.get<{ number: number }>('SELECT "number" FROM "Inquiry" WHERE "id" = ?', inquiryId))!;
  await database.run('UPDATE "Commitment" SET "dueAt" = ? WHERE "inquiryNumber" = ?', due, number);
  await database.run('UPDATE "Inquiry" SET "estimatedResponseAt" = ? WHERE "id" = ?', due, inquiryId);
  await page.goto('/staff');
  const dueToday = page.getByTestId('commitments-due-today').getByRole('row').filter({ hasText: company });
  await expect(dueToday).toContainText(/reply due in (less than a minute|\d+ min)/);
  await expect(dueToday.getByTestId('commitment-owner')).toHaveText('E2E Sales');
  await page.screenshot({ path: testInfo.outputPath('staff-due-today.png'), fullPage: true });

  // Its owner is reminded, once.
  const [reminder] = await emailsTo(SALES.email, 1, 30_000).then((mails) => mails.filter((m) => m.parsed.subject?.includes(company)));
  expect(reminder!.parsed.subject).toMatch(new RegExp(`^\\[DUE .*\\] Reply to inquiry TOC-\\d{4}-\\d{5} \\(Rosa Diaz, ${company}\\)$`));
  expect(reminder!.parsed.text).toContain('E2E Sales, a promise you own falls due in');

  // The due time passes: overdue on /staff, and the watch reports the miss to its owner.
  await page.waitForTimeout(Math.max(0, due.getTime() - Date.now()) + 1000);
  await page.goto('/staff');
  const overdue = page.getByTestId('commitments-overdue').getByRole('row').filter({ hasText: company });
  await expect(overdue).toContainText(/overdue by (less than a minute|\d+ min)/);
  await expectAccessible(page);
  await expect
    .poll(async () => (await emailsTo(SALES.email, 1)).filter((m) => m.parsed.subject?.startsWith('[MISSED]') && m.parsed.subject.includes(company)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const stored = await database.get<{ state: string; missReason: string }>('SELECT "state", "missReason" FROM "Commitment" WHERE "inquiryNumber" = ?', number);
  await database.close();
  expect(stored).toEqual({
    state: 'missed',
    missReason: 'Assigned to E2E Sales; no reply was logged and the inquiry was still submitted at the due time.',
  });

  // Sales answers it and logs the reply on the inquiry's page.
  await overdue.getByRole('link', { name: /^Open/ }).click();
  await expect(page.getByTestId('inquiry-company')).toHaveText(company);
  await expect(page.getByTestId('commitments')).toContainText('Missed (recorded');
  await page.getByLabel('How we replied (optional)').fill('Called Rosa, booked a call for Thursday');
  await page.getByRole('button', { name: 'Mark replied' }).click();
  await expect(page.getByRole('status')).toHaveText('Logged: the reply is kept.');
  await expect(page.getByTestId('commitments').getByTestId('commitment-clock')).toHaveText(/^kept (less than a minute|\d+ min) late$/);
  await expect(page.getByTestId('commitments')).toContainText('by E2E Sales (reply logged: Called Rosa, booked a call for Thursday)');
  await expectAccessible(page);

  // The promises page counts it kept late, with its reason.
  expect(await keptLateReplies(page)).toBe(lateBefore + 1);
  const miss = page.getByTestId('misses').getByRole('row').filter({ hasText: company });
  await expect(miss).toContainText('Assigned to E2E Sales; no reply was logged');
  await expect(miss).toContainText('kept late by E2E Sales (reply logged: Called Rosa, booked a call for Thursday)');
  await page.screenshot({ path: testInfo.outputPath('promises.png'), fullPage: true });
  await expectAccessible(page);
});

test('the overview and the promises page, on every screen', async ({ page }, testInfo) => {
  await signIn(page, '/staff');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, E2E Sales');
  await expectAccessible(page);
  await page.goto('/staff/promises');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Promises');
  await expect(page.getByRole('img', { name: 'All promises: on-time rate by week' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('promises-page.png'), fullPage: true });
  await expectAccessible(page);
});
