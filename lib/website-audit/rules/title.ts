import type { AuditFinding } from '../finding';
import { quote } from '../finding';
import type { ParsedPage } from '../parsed-page';

/** Shorter titles rarely say both what is offered and to whom; longer ones are cut off in search results. */
export const TITLE_MIN_CHARS = 20;
export const TITLE_MAX_CHARS = 65;

/** The <title>: the first line of the offer most buyers read, in the search result and the browser tab. */
export function checkTitle({ $ }: ParsedPage): AuditFinding | null {
  const title = $('head title').first().text().replace(/\s+/g, ' ').trim();
  if (title === '') {
    return {
      id: 'basics.title-missing',
      category: 'search-visibility',
      severity: 'major',
      title: 'The page has no title',
      detail: 'Without a <title>, search engines and browser tabs show the bare address or a guess. The buyer meets your offer without its headline.',
      recommendation: `Add a title of ${TITLE_MIN_CHARS} to 60 characters that names the result the buyer gets and for whom, then your business name, e.g. “Boiler repair in Pittsburgh, fixed within 24 hours | Sunrise Plumbing”.`,
      evidence: null,
    };
  }
  if (title.length >= TITLE_MIN_CHARS && title.length <= TITLE_MAX_CHARS) return null;
  const tooShort = title.length < TITLE_MIN_CHARS;
  return {
    id: 'basics.title-length',
    category: 'search-visibility',
    severity: 'minor',
    title: tooShort ? 'The page title is too short to sell anything' : 'The page title is cut off in search results',
    detail: tooShort
      ? `The title has ${title.length} characters. A title like this tells a buyer scanning search results neither what you offer nor why they should click.`
      : `The title has ${title.length} characters; search results show about ${TITLE_MAX_CHARS - 5}, so the end of it, often the part that sells, is cut.`,
    recommendation: `Rewrite the title in ${TITLE_MIN_CHARS} to 60 characters: the outcome first, then the place or audience, then your name, e.g. “Same-week bookkeeping clean-up for contractors | Ledgerline”.`,
    evidence: quote(title),
  };
}
