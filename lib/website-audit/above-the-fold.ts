import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

/**
 * About one screenful of reading text on a laptop: a hero's headline, subheadline and a short paragraph.
 * Navigation text does not count towards it (a menu takes one line, not its character count).
 */
export const FOLD_TEXT_CHARS = 600;

export interface Fold {
  isAboveFold(element: Element): boolean;
  /** The reading text above the fold (navigation excluded). */
  text: string;
}

function ownText(element: Element): string {
  return element.children
    .filter((child: AnyNode) => child.type === 'text')
    .map((child) => (child as unknown as { data: string }).data)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * We cannot render the page, so "above the fold" is approximated from document order: everything before
 * the first section heading (an h2) that follows the h1, since the hero ends where the next section begins,
 * and never more than FOLD_TEXT_CHARS of reading text, since a long hero still only shows its first screen.
 * The header counts (its button is visible on arrival); menus inside <nav> do not use up the text budget.
 */
export function findFold($: CheerioAPI): Fold {
  const elements = $('body *').toArray() as Element[];
  const position = new Map(elements.map((element, index) => [element, index]));
  const firstH1 = elements.findIndex((element) => element.tagName === 'h1');
  const nextSection = elements.findIndex((element, index) => element.tagName === 'h2' && index > firstH1);

  let boundary = nextSection === -1 ? elements.length : nextSection;
  let budget = FOLD_TEXT_CHARS;
  const seen: string[] = [];
  for (let index = 0; index < boundary; index += 1) {
    const element = elements[index]!;
    if ($(element).closest('nav, [role="navigation"]').length > 0) continue;
    const text = ownText(element);
    if (text === '') continue;
    seen.push(text);
    budget -= text.length;
    if (budget < 0) {
      boundary = index + 1;
      break;
    }
  }
  return {
    isAboveFold: (element) => (position.get(element) ?? Number.POSITIVE_INFINITY) < boundary,
    text: seen.join(' '),
  };
}
