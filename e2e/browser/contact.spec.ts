import { expect, test } from '../../test-support/browser/journey';
import { expectAccessible } from '../../test-support/browser/axe';
import { e2eDatabase } from '../../test-support/browser/e2e-database';

test('an inquiry with a bad email shows the error inline, keeps the input, then goes through', async ({ page }, testInfo) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tell us where work piles up');
  await expectAccessible(page);

  const description = 'Our paint line runs three shifts while assembly waits for parts. We think paint is the constraint.';
  await page.getByLabel('Your name').fill('Rosa Diaz');
  await page.getByLabel('Company').fill('Allegheny Castings');
  await page.getByLabel('Email').fill('rosa.diaz-at-allegheny.example');
  await page.getByLabel('What is holding your operation back?').fill(description);
  await page.getByLabel('Urgency').selectOption('high');
  await page.getByRole('button', { name: 'Send inquiry' }).click();

  const email = page.getByLabel('Email');
  await expect(page.locator('#email-error')).toHaveText(/valid email address/);
  await expect(email).toHaveAttribute('aria-describedby', 'email-error');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveValue('rosa.diaz-at-allegheny.example');
  await expect(page.getByLabel('What is holding your operation back?')).toHaveValue(description);
  await expect(page.getByLabel('Urgency')).toHaveValue('high');
  await page.screenshot({ path: testInfo.outputPath('contact-error.png'), fullPage: true });
  await expectAccessible(page);

  await email.fill('rosa.diaz@allegheny-castings.example');
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  const trackingId = page.getByTestId('inquiry-id');
  await expect(trackingId).toHaveText(/^inq_/);
  await page.screenshot({ path: testInfo.outputPath('contact-sent.png'), fullPage: true });
  await expectAccessible(page);

  const db = e2eDatabase();
  const stored = await db.get(
    'SELECT "companyName", "email", "urgency", "status", "problemDescription" FROM "Inquiry" WHERE "id" = ?',
    await trackingId.textContent(),
  );
  await db.close();
  expect(stored).toEqual({
    companyName: 'Allegheny Castings',
    email: 'rosa.diaz@allegheny-castings.example',
    urgency: 'high',
    status: 'submitted',
    problemDescription: description,
  });
});

test('the contact form works without JavaScript and a resubmission creates one record', async ({ browser }, testInfo) => {
  const email = `noscript-${testInfo.project.name}@plain.example`;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/contact');
  await page.getByLabel('Your name').fill('No Script');
  await page.getByLabel('Company').fill('Plain HTML Works');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('What is holding your operation back?').fill('Testing the form without JavaScript.');
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(page.getByTestId('inquiry-id')).toHaveText(/^inq_/);
  // The browser's "resend the form" after a reload posts the same submission again.
  await page.reload();
  await expect(page.getByTestId('inquiry-id')).toHaveText(/^inq_/);
  const db = e2eDatabase();
  expect(await db.get('SELECT COUNT(*) AS n FROM "Inquiry" WHERE "email" = ?', email)).toEqual({ n: 1 });
  await db.close();
  await context.close();
});
