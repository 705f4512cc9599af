import type { AuditFinding } from '../finding';
import { quotedList } from '../finding';
import type { ParsedPage } from '../parsed-page';
import { textOf } from '../page-text';

/** The h1: the page's one headline, for the buyer skimming and for screen readers that jump to it. */
export function checkHeadline({ $ }: ParsedPage): AuditFinding | null {
  const headlines = $('h1')
    .toArray()
    .map((h1) => textOf($(h1)) || $(h1).find('img[alt]').attr('alt')?.trim() || '')
    .filter((text) => text !== '');
  if (headlines.length === 0) {
    return {
      id: 'basics.h1-missing',
      category: 'accessibility',
      severity: 'major',
      title: 'The page has no main headline (h1)',
      detail: 'Nothing on the page is marked as its headline, so a buyer skimming, a screen reader and a search engine all have to guess what the page offers.',
      recommendation:
        'Mark up one headline as <h1> at the top of the page and make it the promise: the result, for whom, and by when, e.g. “Your books closed by the 5th of every month”.',
      evidence: null,
    };
  }
  if (headlines.length === 1) return null;
  return {
    id: 'basics.h1-multiple',
    category: 'accessibility',
    severity: 'minor',
    title: `The page has ${headlines.length} main headlines`,
    detail: 'Several h1 headlines compete to say what the page is about; the buyer and assistive technology cannot tell which one is the offer.',
    recommendation: 'Keep one h1, the promise of the offer, and turn the others into section headings (h2).',
    evidence: quotedList(headlines),
  };
}
