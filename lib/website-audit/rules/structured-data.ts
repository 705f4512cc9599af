import type { AuditFinding } from '../finding';
import { quote } from '../finding';
import type { ParsedPage } from '../parsed-page';

/** JSON-LD: tells search engines the business, its address, hours, prices and reviews in a form they can show. */
export function checkStructuredData({ jsonLd }: ParsedPage): AuditFinding | null {
  if (jsonLd.length === 0) {
    return {
      id: 'basics.json-ld-missing',
      category: 'search-visibility',
      severity: 'minor',
      title: 'The page has no structured data',
      detail: 'Search engines cannot read the business name, location, prices or reviews as facts, so they cannot show them beside the result.',
      recommendation:
        'Add a JSON-LD block (<script type="application/ld+json">) describing the business (LocalBusiness, with address, phone and opening hours) and the offer (Service or Product, with its price).',
      evidence: null,
    };
  }
  const broken = jsonLd.find((block) => block.value === null);
  if (!broken) return null;
  return {
    id: 'basics.json-ld-invalid',
    category: 'search-visibility',
    severity: 'minor',
    title: 'The structured data cannot be read',
    detail: 'A JSON-LD block on the page is not valid JSON, so search engines ignore it entirely.',
    recommendation: 'Fix the JSON-LD block (a missing comma or quote is the usual cause) and check it with a structured-data validator.',
    evidence: quote(broken.raw, 160),
  };
}
