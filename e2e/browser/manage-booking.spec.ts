import { expect, test, type Page } from '../../test-support/browser/journey';
import { activeConsultants, workingDay } from '../../test-support/schedule';
import { expectAccessible } from '../../test-support/browser/axe';
import { e2eDatabase } from '../../test-support/browser/e2e-database';
import { emailsTo } from '../../test-support/mail/browser-mailbox';

// Matches the account serve-for-e2e.mjs creates.
const SALES = { email: 'sales@e2e.example', password: 'e2e sales password' };

const MANAGE_LINK = /http:\/\/127\.0\.0\.1:\d+\/bookings\/[A-Za-z0-9_-]{43}/;

function manageLinkIn(text: string | undefined): string {
  const link = text?.match(MANAGE_LINK)?.[0];
  if (!link) throw new Error(`No management link in:\n${text}`);
  return link;
}

async function chooseDay(page: Page, index: number): Promise<string> {
  const link = page.getByRole('navigation', { name: 'Choose a day' }).getByRole('link').nth(index);
  const label = (await link.locator('span').first().textContent())!;
  await link.click();
  await expect(page.getByRole('navigation', { name: 'Choose a day' }).getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute(
    'aria-current',
    'date',
  );
  return label;
}

test('a visitor books from a day picker in their zone, then moves and cancels the booking from the link in the email', async ({ browser }, testInfo) => {
  const email = `sam.${testInfo.project.name}@manage.example`;
  const context = await browser.newContext({ timezoneId: 'Europe/Berlin', viewport: testInfo.project.use.viewport ?? undefined });
  const page = await context.newPage();

  await page.goto('/book?service=offer-analysis');
  // The browser said where it is: the page shows its times in that zone and names it, and its day links carry it.
  await expect(page.getByTestId('slot-time-zone')).toHaveText('Europe/Berlin');
  const day = await chooseDay(page, 1);
  await expect(page).toHaveURL(/tz=Europe%2FBerlin/);
  await expect(page.getByRole('group', { name: new RegExp(`^Preferred times on `) })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('checkbox').first().check();
  await page.getByLabel('Your name').fill('Sam Okoye');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('What would you like to discuss?').fill('Our packaging line cannot keep up during the holiday peak.');
  await page.getByRole('button', { name: 'Request consultation' }).click();
  await expect(page.getByRole('heading', { name: 'Your consultation is confirmed' })).toBeVisible();
  // "Wed 25 Nov" on the picker; "Wednesday, November 25, 2026 at 5:00 PM" in the confirmation.
  const [weekday, date] = day.split(' ');
  await expect(page.getByTestId('booking-time')).toContainText(weekday!);
  await expect(page.getByTestId('booking-time')).toContainText(` ${date},`);

  const [confirmation] = await emailsTo(email, 1);
  expect(confirmation!.parsed.subject).toMatch(/^Confirmed: your consultation on /);
  const link = manageLinkIn(confirmation!.parsed.text);
  await expect(page.getByTestId('manage-link')).toHaveAttribute('href', link);

  await page.goto(link);
  await expect(page).toHaveURL(/tz=Europe%2FBerlin/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your consultation is booked');
  await expect(page.getByTestId('booking-status')).toHaveText('confirmed');
  await expect(page.getByTestId('booking-when')).toContainText('GMT+1');
  await expectAccessible(page);
  const before = await page.getByTestId('booking-when').textContent();

  await chooseDay(page, 2);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Move to this time' }).click();
  await expect(page.getByTestId('booking-outcome')).toHaveText(/Your consultation has moved/);
  await expect(page.getByTestId('booking-when')).not.toHaveText(before!);
  const [, moved] = await emailsTo(email, 2);
  expect(moved!.parsed.subject).toMatch(/^Moved: your consultation is now /);
  expect(manageLinkIn(moved!.parsed.text)).toBe(link);
  await page.screenshot({ path: testInfo.outputPath('booking-moved.png'), fullPage: true });

  await page.getByRole('button', { name: 'Cancel my consultation' }).click();
  await expect(page.getByTestId('booking-outcome')).toHaveText(/Your booking is cancelled/);
  await expect(page.getByTestId('booking-status')).toHaveText('cancelled');
  await expect(page.getByRole('button', { name: 'Cancel my consultation' })).toHaveCount(0);
  await expectAccessible(page);
  const [, , cancelled] = await emailsTo(email, 3);
  expect(cancelled!.parsed.subject).toMatch(/^Cancelled: your consultation on /);
  const database = e2eDatabase();
  const row = await database.get('SELECT "status", "cancelledBy", "calendarSequence" FROM "Booking" WHERE "email" = ?', email);
  await database.close();
  expect(row).toEqual({ status: 'cancelled', cancelledBy: 'visitor', calendarSequence: 2 });
  await context.close();
});

test('after the deadline the page says how to reach the firm instead, and a wrong link is not found', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one run is enough: the page is the same');
  const database = e2eDatabase();
  const start = workingDay(await activeConsultants(database), 15).set({ hour: 11 });
  const booked = await request.post('/v1/availability/book', {
    data: {
      name: 'Late Larry',
      email: 'late@manage.example',
      context: 'Cannot make it after all.',
      preferredTimes: [start.toISO()],
      serviceType: 'offer-analysis',
    },
  });
  const { id, manageUrl } = (await booked.json()) as { id: string; manageUrl: string };
  // Arranged in the database: the consultation starts in two hours, so changes online closed 22 hours ago.
  const soon = new Date(Date.now() + 2 * 3_600_000);
  await database.run('UPDATE "Booking" SET "scheduledStart" = ?, "scheduledEnd" = ? WHERE "id" = ?', soon, new Date(soon.getTime() + 3_600_000), id);
  await database.close();

  await page.goto(manageUrl);
  // The key to the booking is in the address: never indexed, never sent to another site.
  const meta = (name: string) => page.locator(`meta[name="${name}"]`).evaluateAll((tags) => [...new Set(tags.map((tag) => tag.getAttribute('content')))]);
  expect(await meta('robots')).toEqual(['noindex, nofollow']);
  expect(await meta('referrer')).toEqual(['same-origin']);
  await expect(page.getByTestId('changes-closed')).toContainText('Changes online closed at');
  await expect(page.getByTestId('changes-closed')).toContainText(`+1 412 555 0148 or write to hello@throughlinepartners.com, quoting reference ${id}.`);
  await expect(page.getByRole('button', { name: /Cancel|Move/ })).toHaveCount(0);
  await expectAccessible(page);

  const missing = await page.goto(`${new URL(manageUrl).origin}/bookings/not-a-real-token`);
  expect(missing?.status()).toBe(404);
});

test('sales staff read every message in the outbox, its text and its HTML in a sandboxed frame', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one run is enough');
  const database = e2eDatabase();
  const start = workingDay(await activeConsultants(database), 16).set({ hour: 11 });
  await database.close();
  const booker = 'outbox@manage.example';
  await request.post('/v1/availability/book', { data: { name: 'Olive', email: booker, context: 'Reading the outbox.', preferredTimes: [start.toISO()] } });
  await emailsTo(booker, 1);

  await page.goto('/staff/outbox');
  await page.getByLabel('Email').fill(SALES.email);
  await page.getByLabel('Password').fill(SALES.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/outbox$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outbox');
  await expectAccessible(page);

  await page
    .getByRole('row')
    .filter({ hasText: booker })
    .getByRole('link', { name: /^Confirmed: your consultation on / })
    .click();
  await expect(page.getByTestId('message-status')).toHaveText('sent');
  await expect(page.getByTestId('message-text')).toContainText(/\/bookings\/[A-Za-z0-9_-]{43}/);
  await expect(page.getByTestId('message-calendar')).toContainText('METHOD:REQUEST');
  await expect(page.getByTestId('message-html')).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('[data-testid="message-html"]').getByText('Cancel or move your consultation')).toBeVisible();
  // The frame itself (its title) is checked; the email inside it runs no scripts, so axe cannot enter it.
  await expectAccessible(page, { exclude: ['[data-testid="message-html"]'] });
});

test('without JavaScript: the day links, the booking form, and moving and cancelling from the page all still work', async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one run is enough');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = 'nojs@manage.example';
  await page.goto('/book?service=implementation-support');
  // The server cannot know the visitor's zone without a script: it shows the firm's, and says so.
  await expect(page.getByTestId('slot-time-zone')).toHaveText('America/New York');
  await chooseDay(page, 3);
  await expect(page).toHaveURL(/day=\d{4}-\d{2}-\d{2}/);
  await page.getByRole('checkbox').nth(2).check();
  await page.getByLabel('Your name').fill('Nora No-Script');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('What would you like to discuss?').fill('Our buffer board needs a second look.');
  await page.getByRole('button', { name: 'Request consultation' }).click();
  await expect(page.getByRole('heading', { name: 'Your consultation is confirmed' })).toBeVisible();

  const link = manageLinkIn((await emailsTo(email, 1))[0]!.parsed.text);
  await page.goto(link);
  await page.getByRole('radio').nth(1).check();
  await page.getByRole('button', { name: 'Move to this time' }).click();
  await expect(page.getByTestId('booking-outcome')).toHaveText(/Your consultation has moved/);
  await page.getByRole('button', { name: 'Move to this time' }).click();
  await expect(page.locator('#newTime-error')).toHaveText('Choose a new time first.');
  await page.getByRole('button', { name: 'Cancel my consultation' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('cancelled');
  expect((await emailsTo(email, 3)).map((mail) => mail.parsed.subject!.split(':')[0])).toEqual(['Confirmed', 'Moved', 'Cancelled']);
  await context.close();
});
