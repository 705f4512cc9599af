import { expect, test, type Browser } from '../../test-support/browser/journey';
import { checkPage, signInAsStaff } from '../../test-support/browser/staff-pages';
import { DateTime } from 'luxon';
import { e2eDatabase } from '../../test-support/browser/e2e-database';

/**
 * The staff content workflow, as marketing and sales use it: drafts of live content, preview, publish, history and
 * restore, a schedule the job runner carries out, a preview link opened by a reviewer without an account, and the
 * editors of the other kinds of content. Every staff page visited is checked with axe.
 */

// Match the accounts serve-for-e2e.mjs seeds.
const MARKETING = { email: 'marketing@e2e.example', password: 'e2e marketing password' };
const SALES = { email: 'sales@e2e.example', password: 'e2e sales password' };
const FIRM_ZONE = 'America/New_York';

/** A visitor with no cookies at all. */
async function visitorTitle(browser: Browser, path: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await context.close();
  return title;
}

/**
 * The firm's wall clock on the next whole minute at least 30 s from now, as a datetime-local input takes it: time enough
 * to press Schedule on a busy machine, and the journey waits 30-90 s for it rather than 60-120.
 */
function firmLocalMinuteAhead(): string {
  const at = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: FIRM_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one run is enough: the journeys change shared content');
});

test('a marketer edits a live insight as a draft, previews it, publishes it and restores the previous version', async ({
  browser,
  page,
  request,
}, testInfo) => {
  // Four staff pages through axe in two colour schemes, an editor with image fields, and four visitors' pages.
  test.setTimeout(120_000);
  const id = 'market-as-the-constraint';
  const original = 'When the market becomes your constraint';
  const revised = 'When the market becomes your constraint: a revised reading';
  const editor = `/staff/content/insights/${id}`;
  await signInAsStaff(page, MARKETING, editor);
  await expect(page.getByTestId('content-status')).toHaveText('published');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(original);
  await checkPage(page, testInfo, 'insight-editor');
  const stamp = (await (await request.get('/v1/health')).json()).build_stamp;

  await page.getByLabel('Title').fill(revised);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status')).toContainText('Draft saved');
  await expect(page.getByTestId('content-status')).toHaveText('published');
  await expect(page.getByTestId('draft-status')).toContainText('saved by');
  // Nothing public moved.
  expect(await visitorTitle(browser, `/insights/${id}`)).toBe(original);
  expect((await (await request.get(`/v1/insights/${id}`)).json()).title).toBe(original);
  expect((await (await request.get('/v1/health')).json()).build_stamp).toBe(stamp);
  // What publishing will change, before anyone publishes.
  await expect(page.getByTestId('home-impact')).toHaveText('stays featured');
  await expect(page.getByTestId('related-impact')).toContainText('Throughput per constraint minute');
  await checkPage(page, testInfo, 'insight-draft');

  await page.getByRole('link', { name: 'Preview on the site' }).click();
  await expect(page).toHaveURL(new RegExp(`/insights/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(revised);
  await expect(page.getByRole('region', { name: 'Preview' })).toBeVisible();
  await checkPage(page, testInfo, 'insight-preview');
  await page.getByRole('button', { name: 'Exit preview' }).click();
  await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);

  await page.goto(editor);
  await page.getByLabel('Note for the history').fill('A sharper title');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Published');
  await expect(page.getByTestId('draft-status')).toContainText('none');
  expect(await visitorTitle(browser, `/insights/${id}`)).toBe(revised);
  expect((await (await request.get('/v1/health')).json()).build_stamp).not.toBe(stamp);

  await page.getByRole('link', { name: /^History/ }).click();
  await expect(page.getByTestId('version-2')).toContainText('A sharper title');
  await expect(page.getByTestId('version-1')).toContainText('content import');
  await expect(page.getByTestId('diff')).toContainText(`title: ${original}`);
  await expect(page.getByTestId('diff-summary')).toHaveText('1 line only in version 1, 1 only in the live one.');
  await checkPage(page, testInfo, 'insight-history');

  await page.getByRole('button', { name: 'Restore version 1 as draft' }).click();
  await expect(page.getByRole('status')).toContainText('Nothing is published until you publish it');
  await expect(page.getByLabel('Title')).toHaveValue(original);
  expect(await visitorTitle(browser, `/insights/${id}`)).toBe(revised);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Published');
  expect(await visitorTitle(browser, `/insights/${id}`)).toBe(original);
});

test('a marketer schedules a change a minute ahead and the job runner publishes it', async ({ browser, page }, testInfo) => {
  test.setTimeout(240_000);
  const id = 'policy-constraints';
  const scheduled = 'Policy constraints: the rules that run your plant';
  const editor = `/staff/content/insights/${id}`;
  await signInAsStaff(page, MARKETING, editor);
  // Schedule takes the title on screen: it is saved as the draft in the same step.
  await page.getByLabel('Title').fill(scheduled);
  const publishAt = firmLocalMinuteAhead();
  await expect(page.getByLabel(/^Publish at \(America\/New_York \(E[SD]T\)\)/)).toBeVisible();
  await page.getByLabel(/^Publish at/).fill(publishAt);
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByRole('status')).toContainText('Scheduled');
  await expect(page.getByTestId('draft-status')).toContainText('saved by');
  await expect(page.getByLabel('Title')).toHaveValue(scheduled);
  await expect(page.getByTestId('schedule-status')).toContainText(/E[SD]T, by /);
  await checkPage(page, testInfo, 'insight-scheduled');

  await page.goto('/staff/content');
  await expect(page.getByTestId(`content-row-${id}`).getByTestId('scheduled-at')).toContainText(/E[SD]T/);
  await checkPage(page, testInfo, 'content-index');

  expect(await visitorTitle(browser, `/insights/${id}`)).not.toBe(scheduled);
  await expect(async () => expect(await visitorTitle(browser, `/insights/${id}`)).toBe(scheduled)).toPass({ timeout: 180_000, intervals: [2_000] });

  await page.goto(`${editor}/history`);
  await expect(page.getByTestId('version-2')).toContainText('published on schedule');
  await page.goto(editor);
  await expect(page.getByTestId('draft-status')).toContainText('none');
});

test('a reviewer without an account opens a shared preview link in a fresh browser, until it is revoked', async ({ browser, page }, testInfo) => {
  const id = 'sustaining-ongoing-improvement';
  const draft = 'Sustaining improvement once the consultants leave';
  const editor = `/staff/content/insights/${id}`;
  await signInAsStaff(page, MARKETING, editor);
  const live = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  // The link shows the title on screen: it is saved as the draft in the same step.
  await page.getByLabel('Title').fill(draft);
  await page.getByRole('button', { name: 'Create preview link' }).click();
  const url = await page.getByLabel(/^Preview link/).inputValue();
  await expect(page.getByTestId('draft-status')).toContainText('saved by');
  await expect(page.getByLabel('Title')).toHaveValue(draft);
  expect(url).toMatch(/\/preview\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('preview-link-row')).toHaveCount(1);
  await checkPage(page, testInfo, 'preview-link-created');

  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  const landed = await reviewer.goto(url);
  expect(landed?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(reviewer).toHaveURL(new RegExp(`/insights/${id}$`));
  await expect(reviewer.getByRole('heading', { level: 1 })).toHaveText(draft);
  await expect(reviewer.getByRole('region', { name: 'Preview' })).toContainText('shared by');
  await expect(reviewer.locator('meta[name="robots"][content="noindex, nofollow"]')).toHaveCount(1);
  await checkPage(reviewer, testInfo, 'reviewer-preview');

  await page.reload();
  await page.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('status')).toContainText('revoked');
  await reviewer.reload();
  await expect(reviewer.getByRole('heading', { level: 1 })).toHaveText(live);
  await expect(reviewer.getByRole('region', { name: 'Preview' })).toHaveCount(0);
  expect((await reviewer.goto(url))?.status()).toBe(404);
  await reviewerContext.close();

  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(page.getByRole('status')).toContainText('Draft discarded');
});

test('a marketer writes a new insight, and publishing a new price shows its impact before the old digest is refused', async ({
  browser,
  page,
  request,
}, testInfo) => {
  const slug = 'throughput-dollar-days';
  const title = 'Throughput dollar days: one number for late orders';
  await signInAsStaff(page, MARKETING, '/staff/content');
  await page.getByRole('link', { name: 'New insight' }).click();
  await page.getByLabel('Id (slug)').fill(slug);
  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Summary')
    .fill('Multiply each late order by its value and its days late: a single figure that tells the floor which order to rescue first.');
  await page.getByLabel('Topics').fill('buffer-management, operations');
  await page.getByLabel('Keywords').fill('throughput dollar days, late orders');
  await page.getByLabel('Article (Markdown)').fill('## Why one number\n\nA late order worth $80,000 two days late costs more than a $5,000 order a week late.');
  await expect(page.getByTestId('live-preview').getByRole('heading', { name: 'Why one number' })).toBeVisible();
  await checkPage(page, testInfo, 'new-insight');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/content/insights/${slug}\\?done=saved$`));
  await expect(page.getByTestId('content-status')).toHaveText('not published');
  expect((await request.get(`/v1/insights/${slug}`)).status()).toBe(404);
  await expect(page.getByTestId('feed-impact')).toHaveText('not in it now, entry 1 after publishing');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByTestId('content-status')).toHaveText('published');
  expect(await visitorTitle(browser, `/insights/${slug}`)).toBe(title);

  const before = await (await request.get('/v1/services/buffer-board-starter-kit')).json();
  await page.goto('/staff/content/services');
  await checkPage(page, testInfo, 'services-list');
  await page.getByRole('link', { name: 'Buffer Board Starter Kit' }).click();
  await page.getByLabel(/^Price \(required\)/).fill('410');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByTestId('price-before')).toContainText(`$${before.pricing.amount}`);
  await expect(page.getByTestId('price-after')).toContainText('$410.00');
  await expect(page.getByTestId('digest-impact')).toContainText('409 OFFER_CHANGED');
  await expect(page.getByTestId('open-checkouts')).toBeVisible();
  await checkPage(page, testInfo, 'service-impact');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Published');

  const after = await (await request.get('/v1/services/buffer-board-starter-kit')).json();
  expect(after.pricing.amount).toBe(410);
  const stale = await request.post('/v1/services/buffer-board-starter-kit/checkout', { data: { purchaseDigest: before.purchaseDigest } });
  expect(stale.status()).toBe(409);
  expect((await stale.json()).code).toBe('OFFER_CHANGED');
});

test('a marketer hides a testimonial after confirming, and every other editor is reachable and accessible', async ({ browser, page }, testInfo) => {
  // Eight staff pages through axe, each in two colour schemes, and every editor now has its Publish and Schedule panels.
  test.setTimeout(120_000);
  await signInAsStaff(page, MARKETING, '/staff/content/testimonials');
  await checkPage(page, testInfo, 'testimonials-list');
  await page.getByRole('link', { name: 'Karen Mitchell, Allegheny Precision Components' }).click();
  const visitor = await browser.newContext();
  const servicePage = await visitor.newPage();
  await servicePage.goto('/services/constraint-snapshot');
  await expect(servicePage.getByText('The lathe purchase is off the table')).toBeVisible();
  await page.getByText('Hide this testimonial…').click();
  await page.getByRole('button', { name: 'Hide this testimonial', exact: true }).click();
  await expect(page.getByText('Tick the box to confirm that this goes offline.')).toBeVisible();
  await checkPage(page, testInfo, 'testimonial-confirm');
  await page.getByLabel(/^Yes: visitors/).check();
  await page.getByRole('button', { name: 'Hide this testimonial', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Taken offline');
  await expect(page.getByTestId('content-status')).toHaveText('offline');
  await servicePage.reload();
  await expect(servicePage.getByText('The lathe purchase is off the table')).toHaveCount(0);
  await visitor.close();

  for (const [path, name] of [
    ['/staff/content/faqs', 'faqs-list'],
    ['/staff/content/faqs/new', 'faq-new'],
    ['/staff/content/principles/five-focusing-steps', 'principle-editor'],
    ['/staff/content/tools', 'tools-list'],
    ['/staff/content/company/profile', 'company-editor'],
  ] as const) {
    await page.goto(path);
    await checkPage(page, testInfo, name);
  }
  // Errors stand next to their fields, as on the public forms.
  await page.getByLabel('Contact email').fill('not an address');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.locator('#contact\\.email-error')).toContainText('valid email address');
  await checkPage(page, testInfo, 'company-errors');
});

test('sales edit a consultant calendar: the bookings it no longer covers are listed and must be confirmed', async ({ page }, testInfo) => {
  // A confirmed consultation with Daniel on a Tuesday four weeks ahead, at 10:00 in New York. The server runs on the
  // real clock, so the booking is placed by it too: a fixed date would fall into the past and be no conflict.
  const start = DateTime.now().setZone('America/New_York').plus({ weeks: 4 }).set({ weekday: 2, hour: 10, minute: 0, second: 0, millisecond: 0 });
  const database = e2eDatabase();
  await database.run(
    `INSERT INTO "Booking" ("id", "name", "email", "context", "durationMinutes", "preferredTimes", "status", "scheduledStart", "scheduledEnd", "consultantId", "manageToken", "createdAt")
     VALUES ('bk_e2e_calendar', 'Nora Booker', 'nora@example.com', 'Calendar journey', 60, '[]', 'confirmed', ?, ?, 'daniel-reyes', 'manage-e2e-calendar', ?)`,
    start.toJSDate(),
    start.plus({ hours: 1 }).toJSDate(),
    new Date(),
  );
  await database.close();

  await signInAsStaff(page, SALES, '/staff/content/consultants');
  await checkPage(page, testInfo, 'calendars');
  await page.getByRole('link', { name: 'Daniel Reyes' }).click();
  const holidays = page.getByLabel('Holidays');
  await holidays.fill(`${await holidays.inputValue()}\n${start.toISODate()}`);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status')).toContainText('Draft saved');
  const conflict = page.getByRole('group', { name: 'Confirmed bookings this change no longer covers' }).first();
  await expect(conflict).toContainText('Nora Booker');
  await expect(conflict).toContainText('the day would be a holiday');
  await checkPage(page, testInfo, 'calendar-conflicts');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'no longer covers' })).toContainText('confirm that you have seen it');
  await conflict.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Published');
  const stored = e2eDatabase();
  expect(await stored.get(`SELECT "status" FROM "Booking" WHERE "id" = 'bk_e2e_calendar'`)).toEqual({ status: 'confirmed' });
  await stored.close();
  await page.getByRole('link', { name: /^History/ }).click();
  await checkPage(page, testInfo, 'calendar-history');
});

test('a marketer edits a live insight and presses Publish without saving first: the edit is live at once, and leaving unsaved edits asks first', async ({
  browser,
  page,
  request,
}, testInfo) => {
  const id = 'critical-chain-and-multitasking';
  const original = 'Critical chain and the hidden cost of multitasking';
  const edited = 'Critical chain: what multitasking really costs a project';
  const editor = `/staff/content/insights/${id}`;
  const onEditor = new RegExp(`${editor}(\\?.*)?$`);
  // Every prompt the page raises, answered "stay": the journey knows exactly which ones it expects.
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await signInAsStaff(page, MARKETING, editor);
  await expect(page.getByTestId('draft-status')).toHaveText('none: the editor shows what is live');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  await checkPage(page, testInfo, 'insight-editor-no-draft');

  // An edit undone is no edit: leaving does not ask.
  const title = page.getByLabel('Title');
  await title.fill(edited);
  await title.fill(original);
  await page.getByRole('link', { name: /^History/ }).click();
  await expect(page).toHaveURL(new RegExp(`${editor}/history$`));
  await page.goto(editor);
  expect(dialogs).toEqual([]);

  // With an unsaved edit, a link asks first, and so does reloading (the browser's own prompt); staying keeps the edit.
  await title.fill(edited);
  await page.getByRole('link', { name: /^History/ }).click();
  await expect.poll(() => dialogs).toEqual(['confirm: The editor has edits that are not saved. Leave them and lose the edits?']);
  await expect(page).toHaveURL(onEditor);
  void page.evaluate(() => window.location.reload());
  await expect.poll(() => dialogs.length).toBe(2);
  expect(dialogs[1]).toMatch(/^beforeunload: /);
  await expect(page).toHaveURL(onEditor);
  await expect(title).toHaveValue(edited);

  // A field error stands next to the field and publishes nothing; the edit is still unsaved.
  await title.fill('');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.locator('#title-error')).toHaveText('Please fill in this field.');
  await expect(page.getByRole('region', { name: 'Publish' }).getByRole('alert')).toHaveText('Nothing was published: correct the fields marked in the editor.');
  await checkPage(page, testInfo, 'insight-publish-refused');
  expect((await (await request.get(`/v1/insights/${id}`)).json()).title).toBe(original);
  await page.getByRole('link', { name: /^History/ }).click();
  await expect.poll(() => dialogs.length).toBe(3);
  await expect(page).toHaveURL(onEditor);

  // Publish takes the fields on screen: nothing was saved first.
  await title.fill(edited);
  await page.getByLabel('Note for the history').fill('Retitled and published in one step');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Published: visitors see this now.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited);
  await expect(page.getByTestId('draft-status')).toHaveText('none: the editor shows what is live');
  await expect(title).toHaveValue(edited);
  await checkPage(page, testInfo, 'insight-published-in-one-step');
  expect((await (await request.get(`/v1/insights/${id}`)).json()).title).toBe(edited);
  expect(await visitorTitle(browser, `/insights/${id}`)).toBe(edited);

  // Nothing is unsaved any more: leaving does not ask, and the history has the new version.
  await page.getByRole('link', { name: /^History/ }).click();
  await expect(page.getByTestId('version-2')).toContainText('Retitled and published in one step');
  await expect(page.getByTestId('diff')).toContainText(`title: ${original}`);
  expect(dialogs).toHaveLength(3);
});
