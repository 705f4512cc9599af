import type { AuditFinding } from '../finding';
import { quote } from '../finding';
import type { ParsedPage } from '../parsed-page';

/**
 * One clear call to action above the fold. On an offer page the buyer's decision is the constraint: if the
 * first screen does not say what to do next, the decision waits, and most buyers do not scroll to find it.
 */
export function checkPrimaryCallToAction({ callsToAction }: ParsedPage): AuditFinding | null {
  if (callsToAction.length === 0) {
    return {
      id: 'offer.no-primary-cta',
      category: 'call-to-action',
      severity: 'critical',
      title: 'The page never asks the buyer to act',
      detail:
        'We found no button or link that asks the buyer to book, buy, call or request anything. A buyer who is convinced has nowhere to go, so the page converts interest into nothing.',
      recommendation:
        'Put one button in the first screen that names the next step and what the buyer gets from it, e.g. “Book your free 20-minute call”, and repeat the same button after the proof and at the end of the page.',
      evidence: null,
    };
  }
  if (callsToAction.some((cta) => cta.aboveFold)) return null;
  return {
    id: 'offer.cta-below-fold',
    category: 'call-to-action',
    severity: 'major',
    title: 'The first screen has no call to action',
    detail:
      'The first thing the page asks the buyer to do appears only after they scroll. Buyers arriving ready to act (from a referral, an ad, a search for your name) have to hunt for it, and many leave instead.',
    recommendation: 'Move the main call to action into the first screen, directly under the headline, worded as the next step and its benefit.',
    evidence: quote(`First call to action: “${callsToAction[0]!.label}”`),
  };
}
