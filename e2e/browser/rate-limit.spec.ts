import { expect, test, type Page } from '../../test-support/browser/journey';
import { expectAccessible } from '../../test-support/browser/axe';
import { startTestServer } from '../../test-support/test-server.mjs';
import type { TestServer } from '../../test-support/test-server.mjs';
import { openTestSql } from '../../test-support/test-sql';

/**
 * A server of its own that accepts one write a minute per client (the shared e2e server allows plenty), so the second
 * form this browser sends is over the limit.
 */
let server: TestServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startTestServer({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '1', JOB_RUNNER: 'off' } });
});
test.afterAll(async () => {
  await server?.stop();
});

async function fillContactForm(page: Page, who: { name: string; email: string; problem: string }) {
  await page.goto(`${server.baseUrl}/contact`);
  await page.getByLabel('Your name').fill(who.name);
  await page.getByLabel('Company').fill('Limit Testing Works');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('What is holding your operation back?').fill(who.problem);
  await page.getByLabel('Urgency').selectOption('low');
}

test('a form over the writes limit says how long to wait and keeps what was typed', async ({ page }, testInfo) => {
  await fillContactForm(page, { name: 'First Sender', email: 'first@limit.example', problem: 'The first inquiry of the minute goes through.' });
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(page.getByTestId('inquiry-id')).toHaveText(/^inq_/);

  const problem = 'The second one, a moment later, has to wait; nothing typed here may be lost.';
  await fillContactForm(page, { name: 'Second Sender', email: 'second@limit.example', problem });
  await page.getByRole('button', { name: 'Send inquiry' }).click();

  const alert = page.locator('form').getByRole('alert');
  await expect(alert).toHaveText(
    /^You have sent several forms in a short time, so we could not accept this one yet\. Please wait (\d+ seconds|a second) and send it again: everything you typed is still here\.$/,
  );
  await expect(page.getByLabel('Your name')).toHaveValue('Second Sender');
  await expect(page.getByLabel('Email')).toHaveValue('second@limit.example');
  await expect(page.getByLabel('What is holding your operation back?')).toHaveValue(problem);
  await expect(page.getByLabel('Urgency')).toHaveValue('low');
  await expect(page.getByText(/Application error|exception has occurred/i)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('contact-rate-limited.png'), fullPage: true });
  await expectAccessible(page);

  const database = openTestSql(server.databaseUrl);
  const senders = await database.all(`SELECT "contactName" FROM "Inquiry" WHERE "companyName" = 'Limit Testing Works'`);
  await database.close();
  expect(senders).toEqual([{ contactName: 'First Sender' }]);
});
