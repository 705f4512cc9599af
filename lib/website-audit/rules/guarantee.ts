import type { AuditFinding } from '../finding';
import type { ParsedPage } from '../parsed-page';
import { bodyText } from '../page-text';

/** Words of a risk reversal: the seller carries the risk of the offer not working, not the buyer. */
export const GUARANTEE_PATTERN =
  /\b(guarantee[ds]?|guaranteeing|money[- ]back|full refund|refund(?:ed|s)?|risk[- ]free|no[- ]risk|no obligation|cancel (?:at )?any ?time|free trial|warrant(?:y|ies|ed)|no fix,? no fee|or (?:it(?:'|’)s|the .{1,30} is) free|you don(?:'|’)t pay)\b/i;

/** Guarantee or risk reversal: the cheapest way to take the buyer's fear of a bad decision off the table. */
export function checkGuarantee({ $ }: ParsedPage): AuditFinding | null {
  if (GUARANTEE_PATTERN.test(bodyText($))) return null;
  return {
    id: 'offer.no-guarantee',
    category: 'offer',
    severity: 'major',
    title: 'The offer carries no guarantee',
    detail:
      'Nothing on the page says what happens if the work is late, wrong or not worth it, so the buyer carries all the risk of choosing you. A buyer carrying the risk decides slowly or not at all.',
    recommendation:
      'Add a specific guarantee next to the call to action that reverses the risk the buyer fears most, e.g. “Fixed by the time we quote, or the call-out fee is refunded.” Specific and measurable beats “satisfaction guaranteed”.',
    evidence: null,
  };
}
