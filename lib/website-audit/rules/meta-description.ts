import type { AuditFinding } from '../finding';
import { quote } from '../finding';
import type { ParsedPage } from '../parsed-page';

/** Search results show roughly this much of a description; shorter ones waste the space, longer ones are cut. */
export const DESCRIPTION_MIN_CHARS = 70;
export const DESCRIPTION_MAX_CHARS = 160;

/** The meta description: the two lines of pitch under the title in a search result. */
export function checkMetaDescription({ $ }: ParsedPage): AuditFinding | null {
  const description = ($('meta[name="description" i]').attr('content') ?? '').replace(/\s+/g, ' ').trim();
  if (description === '') {
    return {
      id: 'basics.meta-description-missing',
      category: 'search-visibility',
      severity: 'minor',
      title: 'The page has no meta description',
      detail: 'Search engines fill the snippet under your title with whatever text they pick from the page, usually not your offer.',
      recommendation:
        'Add a meta description of about 150 characters that states the offer, its price or next step, and the time frame, e.g. “Fixed-fee boiler repair in Pittsburgh: $189 call-out, fixed within 24 hours or the call-out is free. Book online in 2 minutes.”',
      evidence: null,
    };
  }
  if (description.length >= DESCRIPTION_MIN_CHARS && description.length <= DESCRIPTION_MAX_CHARS) return null;
  return {
    id: 'basics.meta-description-length',
    category: 'search-visibility',
    severity: 'info',
    title: description.length < DESCRIPTION_MIN_CHARS ? 'The meta description is very short' : 'The meta description is cut off in search results',
    detail: `The description has ${description.length} characters; about ${DESCRIPTION_MIN_CHARS} to ${DESCRIPTION_MAX_CHARS} fit a search result.`,
    recommendation: `Rewrite it in ${DESCRIPTION_MIN_CHARS} to ${DESCRIPTION_MAX_CHARS} characters, leading with what the buyer gets and how soon.`,
    evidence: quote(description),
  };
}
