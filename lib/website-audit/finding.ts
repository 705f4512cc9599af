import type { ReportFindingBody } from '@/lib/contract/checkout';
import type { ParsedPage } from './parsed-page';

/** One finding, in the report contract's shape. */
export type AuditFinding = ReportFindingBody;

/** A rule: a pure function over the parsed page and the fetch facts; null when the page passes it. */
export type AuditRule = (page: ParsedPage) => AuditFinding | null;

/** Quotes are short: enough for the buyer to recognise their own page, not a copy of it. */
export const EVIDENCE_MAX_CHARS = 300;

/** Whitespace collapsed, cut to `max` characters with an ellipsis; null when nothing is left to quote. */
export function quote(text: string | null | undefined, max = EVIDENCE_MAX_CHARS): string | null {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean === '') return null;
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}

/** “A”, “B” and “C” (and 4 more): a readable list of labels seen on the page. */
export function quotedList(items: readonly string[], shown = 6): string {
  const quoted = items.slice(0, shown).map((item) => `“${item}”`);
  const rest = items.length - quoted.length;
  if (rest > 0) return `${quoted.join(', ')} and ${rest} more`;
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}
