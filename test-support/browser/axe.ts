import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 A and AA, and axe's best practices (heading order, landmarks, one main, page-has-heading-one …). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Colour transitions would let axe measure a colour halfway between the two schemes. */
const NO_MOTION = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/**
 * Runs axe (WCAG 2.2 A and AA and best practices) on the page as it is now, in the light and the dark colour scheme,
 * and fails with the rule ids and targets of any violation. `exclude` leaves out parts axe cannot enter, such as
 * a frame sandboxed without scripts (an email's HTML shown to staff): axe would wait for it forever.
 */
export async function expectAccessible(page: Page, { exclude = [] }: { exclude?: string[] } = {}): Promise<void> {
  // Next 16 streams the metadata of a page whose metadata is computed (generateMetadata) after the page's content, so
  // right after a client-side navigation the content can be there a moment before the <title>. Every page must get
  // one: wait for it, then let axe judge the rest.
  await expect(page).toHaveTitle(/\S/);
  // A constructed style sheet, not a <style> tag: the page's Content-Security-Policy rightly refuses inline styles
  // without its nonce, and the journeys fail on any violation (test-support/browser/journey.ts).
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, NO_MOTION);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
    for (const selector of exclude) builder.exclude(selector);
    const { violations } = await builder.analyze();
    const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(summary, `axe violations in ${colorScheme} mode on ${page.url()}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
