import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';

/** Text as a reader sees it: whitespace collapsed. */
export function textOf(selection: Cheerio<AnyNode>): string {
  return selection.text().replace(/\s+/g, ' ').trim();
}

/** The visible text of the whole body. */
export function bodyText($: CheerioAPI): string {
  return textOf($('body'));
}

/** Inside site navigation or the footer: chrome the buyer skims past, not the offer. */
export function isInChrome(selection: Cheerio<AnyNode>): boolean {
  return selection.closest('nav, footer, [role="navigation"], [role="contentinfo"]').length > 0;
}
