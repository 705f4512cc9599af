import type { AuditFinding } from '../finding';
import type { ParsedPage } from '../parsed-page';

/** What a link preview needs to show the offer instead of a bare address. */
export const REQUIRED_OPEN_GRAPH_TAGS = ['og:title', 'og:description', 'og:image'] as const;

/** OpenGraph tags: the card shown when the page is shared by text message, email or social media. */
export function checkOpenGraph({ $ }: ParsedPage): AuditFinding | null {
  const missing = REQUIRED_OPEN_GRAPH_TAGS.filter((tag) => !($(`meta[property="${tag}" i]`).attr('content') ?? '').trim());
  if (missing.length === 0) return null;
  const none = missing.length === REQUIRED_OPEN_GRAPH_TAGS.length;
  return {
    id: none ? 'basics.opengraph-missing' : 'basics.opengraph-incomplete',
    category: 'search-visibility',
    severity: none ? 'minor' : 'info',
    title: none ? 'Shared links to the page show no preview' : 'Shared links to the page show an incomplete preview',
    detail:
      'Referrals are how many small businesses win work: when a customer sends this page to a friend, the preview card is the first impression of the offer. ' +
      (none ? 'The page has no OpenGraph tags, so the card is a bare address.' : `The page lacks ${missing.join(', ')}.`),
    recommendation: `Add ${missing.map((tag) => `<meta property="${tag}">`).join(', ')}: the promise as the title, the offer and price in the description, and a photo of the result or your team as the image.`,
    evidence: null,
  };
}
