import { expect, test } from '../../test-support/browser/journey';

test('keyboard only: from the home page to the contact form and a sent inquiry', async ({ page }, testInfo) => {
  await page.goto('/');
  // The first Tab reaches the skip link; then the logo and the main navigation.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const contact = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' });
  for (let i = 0; i < 10 && !(await contact.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(contact).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contact$/);

  // Focus lands in the form by tabbing past the header, in document order.
  const name = page.getByLabel('Your name');
  for (let i = 0; i < 15 && !(await name.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(name).toBeFocused();
  await page.keyboard.type('Kim Keyboard');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Tabbing Manufacturing');
  await page.keyboard.press('Tab');
  await page.keyboard.type('kim@tabbing.example');
  await page.keyboard.press('Tab'); // phone
  await page.keyboard.press('Tab'); // description
  await expect(page.getByLabel('What is holding your operation back?')).toBeFocused();
  await page.keyboard.type('Everything waits for the CNC cell.');
  const send = page.getByRole('button', { name: 'Send inquiry' });
  for (let i = 0; i < 40 && !(await send.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(send).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('keyboard-focus.png') });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('inquiry-id')).toHaveText(/^inq_/);
});
