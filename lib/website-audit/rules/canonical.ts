import type { AuditFinding } from '../finding';
import { quote } from '../finding';
import type { ParsedPage } from '../parsed-page';

/** The same page, ignoring a trailing slash and the fragment: what search engines treat as one address. */
function samePage(a: URL, b: URL): boolean {
  const path = (url: URL) => url.pathname.replace(/\/$/, '') || '/';
  return a.origin === b.origin && path(a) === path(b) && a.search === b.search;
}

/** The canonical link: which address search engines should rank for this page. */
export function checkCanonical({ $, facts }: ParsedPage): AuditFinding | null {
  const href = $('link[rel~="canonical" i]').attr('href')?.trim();
  if (!href) {
    return {
      id: 'basics.canonical-missing',
      category: 'search-visibility',
      severity: 'minor',
      title: 'The page does not name its canonical address',
      detail:
        'Without a canonical link, copies of the page reached through tracking links or with and without “www” compete with each other in search results and split their ranking.',
      recommendation: `Add <link rel="canonical" href="…"> with the one address you want buyers to find, e.g. ${new URL(facts.finalUrl).origin}${new URL(facts.finalUrl).pathname}.`,
      evidence: null,
    };
  }
  let canonical: URL;
  try {
    canonical = new URL(href, facts.finalUrl);
  } catch {
    return {
      id: 'basics.canonical-invalid',
      category: 'search-visibility',
      severity: 'minor',
      title: 'The canonical address is not a valid address',
      detail: 'Search engines ignore a canonical link they cannot read.',
      recommendation: 'Correct the canonical link to the full address of this page.',
      evidence: quote(href),
    };
  }
  if (samePage(canonical, new URL(facts.finalUrl))) return null;
  return {
    id: 'basics.canonical-elsewhere',
    category: 'search-visibility',
    severity: 'info',
    title: 'The canonical address is a different page',
    detail: `The page tells search engines to rank ${canonical.href} instead of ${facts.finalUrl}. That is right for a duplicate or a staging copy, wrong for the offer page itself.`,
    recommendation: 'If this page is the offer you want buyers to find, point the canonical link at this page’s own address.',
    evidence: quote(href),
  };
}
