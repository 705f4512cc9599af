import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe (WCAG 2.2 A and AA) on the page as it is now, in the light and the dark colour scheme,
 * and fails with the rule ids and targets of any violation. `exclude` leaves out parts axe cannot enter, such as
 * a frame sandboxed without scripts (an email's HTML shown to staff): axe would wait for it forever.
 */
export async function expectAccessible(page: Page, { exclude = [] }: { exclude?: string[] } = {}): Promise<void> {
  // Colour transitions would let axe measure a colour halfway between the two schemes.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
    for (const selector of exclude) builder.exclude(selector);
    const { violations } = await builder.analyze();
    const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(summary, `axe violations in ${colorScheme} mode on ${page.url()}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
