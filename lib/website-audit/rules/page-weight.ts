import type { AuditFinding } from '../finding';
import type { ParsedPage } from '../parsed-page';

/**
 * Thresholds for the HTML document alone (the audit fetches the page, not its images and scripts). A lean
 * offer page is well under 100 KB of HTML; past these sizes the page builder or inlined assets are the cause.
 */
export const HTML_WEIGHT_MINOR_BYTES = 250_000;
export const HTML_WEIGHT_MAJOR_BYTES = 1_000_000;

function kilobytes(bytes: number): string {
  return `${Math.round(bytes / 1000).toLocaleString('en-US')} KB`;
}

/** Page weight: every kilobyte is waiting time on a phone connection before the buyer sees the offer. */
export function checkPageWeight({ facts }: ParsedPage): AuditFinding | null {
  if (facts.bytes < HTML_WEIGHT_MINOR_BYTES && !facts.truncated) return null;
  const major = facts.truncated || facts.bytes >= HTML_WEIGHT_MAJOR_BYTES;
  const size = facts.truncated ? `more than ${kilobytes(facts.bytes)}` : kilobytes(facts.bytes);
  return {
    id: 'basics.page-weight',
    category: 'performance',
    severity: major ? 'major' : 'minor',
    title: `The page’s HTML alone weighs ${size}`,
    detail:
      `The HTML document is ${size}, before any image, font or script is loaded. On a phone connection the buyer waits for all of it before the offer appears.` +
      (facts.truncated ? ' We audited only its first part.' : ''),
    recommendation: `Bring the HTML under ${kilobytes(HTML_WEIGHT_MINOR_BYTES)}: remove inlined images and fonts (serve them as files), unused page-builder sections and large embedded scripts.`,
    evidence: `${facts.bytes.toLocaleString('en-US')} bytes of HTML received${facts.truncated ? ' before we stopped reading' : ''}.`,
  };
}
