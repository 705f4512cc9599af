import type { AuditFinding } from '../finding';
import type { ParsedPage } from '../parsed-page';

/** One redirect (http → https, or to www) is normal; from this many each extra round trip is avoidable waiting. */
export const REDIRECT_CHAIN_MINOR = 2;

/** Redirect chains: every hop is another round trip before the buyer sees anything. */
export function checkRedirects({ facts }: ParsedPage): AuditFinding | null {
  if (facts.redirects.length < REDIRECT_CHAIN_MINOR) return null;
  return {
    id: 'basics.redirect-chain',
    category: 'performance',
    severity: 'minor',
    title: `The address redirects ${facts.redirects.length} times before reaching the page`,
    detail:
      'Each redirect is another round trip to the server before the page starts loading, and ads or links pointing at the old address pay it on every visit.',
    recommendation: `Redirect in one step straight to ${facts.finalUrl}, and point your ads, profiles and links at that address directly.`,
    evidence: [...facts.redirects.map((hop) => `${hop.url} (${hop.status})`), facts.finalUrl].join(' → '),
  };
}
