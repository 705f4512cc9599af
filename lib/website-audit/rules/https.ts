import type { AuditFinding } from '../finding';
import type { ParsedPage } from '../parsed-page';

/** HTTPS: browsers mark plain-http pages “Not secure”, and loudly so as soon as the buyer types into a form. */
export function checkHttps({ facts, forms }: ParsedPage): AuditFinding | null {
  if (facts.https) return null;
  const asksForDetails = forms.length > 0;
  return {
    id: 'basics.not-https',
    category: 'security',
    severity: asksForDetails ? 'critical' : 'major',
    title: 'The page is not served over HTTPS',
    detail: asksForDetails
      ? 'The browser labels the page “Not secure” right where the buyer is asked for their name and phone number. Many will stop there, and the details they do send travel unencrypted.'
      : 'The browser labels the page “Not secure” next to your name, which undermines every claim the offer makes.',
    recommendation:
      'Install a certificate (most hosts offer a free one from Let’s Encrypt with one click), redirect every http:// address to https://, and update links and the canonical address.',
    evidence: facts.finalUrl,
  };
}
