import type { AuditFinding } from '../finding';
import { quote } from '../finding';
import type { ParsedPage } from '../parsed-page';

/** The viewport meta tag: without it phones render the desktop layout shrunk to fit. */
export function checkViewport({ $ }: ParsedPage): AuditFinding | null {
  const content = ($('meta[name="viewport" i]').attr('content') ?? '').toLowerCase();
  if (!content.includes('width=device-width')) {
    return {
      id: 'basics.viewport-missing',
      category: 'mobile',
      severity: 'major',
      title: 'The page is not set up for phones',
      detail:
        'The page has no viewport setting, so phones show the desktop layout shrunk to fit: tiny text and buttons too small to tap. Most small-business visitors arrive on a phone.',
      recommendation:
        'Add <meta name="viewport" content="width=device-width, initial-scale=1"> to the page head, then check the offer and its button on a phone.',
      evidence: quote(content),
    };
  }
  if (/user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0)?\b/.test(content)) {
    return {
      id: 'basics.viewport-blocks-zoom',
      category: 'accessibility',
      severity: 'minor',
      title: 'The page stops visitors from zooming',
      detail: 'The viewport setting forbids zooming, so a buyer who needs larger text cannot read your prices or terms.',
      recommendation: 'Remove user-scalable=no and maximum-scale=1 from the viewport setting.',
      evidence: quote(content),
    };
  }
  return null;
}
