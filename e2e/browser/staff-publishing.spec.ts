import { expect, test } from '../support/journey';

// Matches the account serve-for-e2e.mjs seeds.
const STAFF = { email: 'marketing@e2e.example', password: 'e2e marketing password' };

test('a marketing user drafts, previews and publishes an insight, and a visitor then finds it', async ({ browser, page, request }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one run is enough: the journey changes shared content');
  const slug = 'throughput-dollar-days';
  const title = 'Throughput dollar days: one number for late orders';
  const stampBefore = (await (await request.get('/v1/health')).json()).build_stamp;

  await page.goto('/staff/content');
  await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff%2Fcontent$/);
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/content$/);

  await page.getByRole('link', { name: 'New insight' }).click();
  await page.getByLabel('Address (slug)').fill(slug);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Summary').fill('Multiply each late order by its value and its days late: a single figure that tells the floor which order to rescue first.');
  await page.getByLabel('Topics').fill('buffer-management, operations');
  await page.getByLabel('Keywords').fill('throughput dollar days, late orders, due date performance');
  await page.getByLabel('Article (Markdown)').fill(
    '## Why one number\n\nA late order worth $80,000 that is two days late costs more than a $5,000 order a week late. ' +
      'Throughput dollar days rank them by value times days late.\n\n- list the late orders\n- multiply value by days late\n- rescue the largest first',
  );
  await expect(page.getByTestId('live-preview').getByRole('heading', { name: 'Why one number' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('editor.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByTestId('content-status')).toHaveText('draft');

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(`/insights/${slug}`))?.status()).toBe(404);

  await page.getByRole('link', { name: 'Preview on the site' }).click();
  await expect(page).toHaveURL(new RegExp(`/insights/${slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('region', { name: 'Preview' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('preview.png'), fullPage: true });
  await page.getByRole('button', { name: 'Exit preview' }).click();
  await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);

  expect((await (await request.get('/v1/health')).json()).build_stamp).toBe(stampBefore);
  await page.goto(`/staff/content/insights/${slug}`);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('content-status')).toHaveText('published');
  expect((await (await request.get('/v1/health')).json()).build_stamp).not.toBe(stampBefore);

  await visitorPage.goto('/insights');
  await visitorPage.getByRole('searchbox').fill('dollar days');
  await visitorPage.getByRole('searchbox').press('Enter');
  await expect(visitorPage).toHaveURL(/\?q=dollar\+days/);
  await visitorPage.getByRole('link', { name: title }).click();
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(title);
  await visitorPage.screenshot({ path: testInfo.outputPath('published.png'), fullPage: true });
  await visitor.close();
});

test('a marketing user publishes a new price and the old digest is refused', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one run is enough: the journey changes shared content');
  const before = await (await request.get('/v1/services/buffer-board-starter-kit')).json();
  await page.goto('/staff/sign-in?next=/staff/content/services/buffer-board-starter-kit');
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Price (USD)').fill('410');
  await page.getByRole('button', { name: 'Publish changes' }).click();
  await expect(page.getByRole('status')).toContainText('Published');

  const after = await (await request.get('/v1/services/buffer-board-starter-kit')).json();
  expect(after.pricing.amount).toBe(410);
  expect(after.purchaseDigest).not.toBe(before.purchaseDigest);
  const stale = await request.post('/v1/services/buffer-board-starter-kit/checkout', { data: { purchaseDigest: before.purchaseDigest } });
  expect(stale.status()).toBe(409);
  expect((await stale.json()).code).toBe('OFFER_CHANGED');
  await page.goto('/services/buffer-board-starter-kit');
  await expect(page.getByText('$410').first()).toBeVisible();
});
