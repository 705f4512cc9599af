import { expect, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible } from './axe';

/** A staff account serve-for-e2e.mjs seeds. */
export interface E2eStaffAccount {
  email: string;
  password: string;
}

/** Signs in through the staff sign-in page and waits until it has sent the browser on to `next`. */
export async function signInAsStaff(page: Page, account: E2eStaffAccount, next: string): Promise<void> {
  await page.goto(`/staff/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, (c) => `\\${c}`)}$`));
}

/** axe on the page as it is now, and a full-page screenshot kept with the test's output under `name`. */
export async function checkPage(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}
