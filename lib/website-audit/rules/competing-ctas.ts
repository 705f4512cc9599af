import { distinctLabels } from '../calls-to-action';
import type { AuditFinding } from '../finding';
import { quotedList } from '../finding';
import type { ParsedPage } from '../parsed-page';

/** Distinct asks on one page: two (the main ask and a softer one) is focus; from these counts the buyer has to choose. */
export const COMPETING_CTAS_MINOR = 3;
export const COMPETING_CTAS_MAJOR = 5;

/** Competing calls to action: every extra ask splits the buyer's attention at the moment of decision. */
export function checkCompetingCallsToAction({ callsToAction }: ParsedPage): AuditFinding | null {
  const labels = distinctLabels(callsToAction);
  if (labels.length < COMPETING_CTAS_MINOR) return null;
  return {
    id: 'offer.competing-ctas',
    category: 'call-to-action',
    severity: labels.length >= COMPETING_CTAS_MAJOR ? 'major' : 'minor',
    title: `The page asks the buyer to do ${labels.length} different things`,
    detail:
      'Each different button is a decision the buyer has to make before the one that matters to you. When a page offers many next steps, buyers postpone the choice, and a postponed choice is usually a lost sale.',
    recommendation:
      'Choose the one next step that moves a buyer to a sale, make it the only button (repeated as often as you like), and turn the rest into plain text links or move them to other pages.',
    evidence: quotedList(labels, 8),
  };
}
