import type { AuditFinding } from '../finding';
import { quote } from '../finding';
import type { ParsedPage } from '../parsed-page';
import { bodyText, textOf } from '../page-text';

/** A time frame the buyer can hold you to: within 24 hours, in 5 business days, same-day, by the 5th. */
export const TIME_FRAME_PATTERN =
  /\b(?:(?:in|within|under|by|over|after) (?:\d+|one|two|three|four|five|six|seven|ten|fourteen|thirty)[- ](?:minutes?|hours?|(?:business |working )?days?|weeks?|months?)|\d+[- ](?:minute|hour|day|week|month)s?(?: or less| turnaround| delivery| guarantee)|same[- ](?:day|week)|next[- ]day|overnight|by the \d+(?:st|nd|rd|th)\b)/i;

function sentenceAround(text: string, index: number): string {
  const start = Math.max(text.lastIndexOf('.', index) + 1, index - 120);
  const end = text.indexOf('.', index);
  return text.slice(start, end === -1 ? index + 120 : end + 1);
}

/**
 * A specific promise with a time frame, where the buyer sees it first. “Quality service” promises nothing;
 * “Your books closed by the 5th of every month” is a result with a date the buyer can plan around.
 */
export function checkPromise({ $, fold }: ParsedPage): AuditFinding | null {
  if (TIME_FRAME_PATTERN.test(fold.text)) return null;
  const headline = quote(textOf($('h1').first()), 160);
  const later = TIME_FRAME_PATTERN.exec(bodyText($));
  if (later) {
    return {
      id: 'offer.time-frame-buried',
      category: 'offer',
      severity: 'minor',
      title: 'The time frame is buried below the first screen',
      detail: 'The page does make a promise with a time frame, but only after the buyer scrolls. The first screen is where they decide whether to read on.',
      recommendation: 'Move the time frame into the headline or the line under it, e.g. “Boiler fixed within 24 hours of your call”.',
      evidence: quote(sentenceAround(bodyText($), later.index)),
    };
  }
  return {
    id: 'offer.no-time-frame',
    category: 'offer',
    severity: 'major',
    title: 'The page makes no promise with a time frame',
    detail:
      'Nowhere does the page say what the buyer gets by when. Without a time frame the offer cannot be compared or relied on, and the buyer cannot plan around it; “quality service” is a claim every competitor makes.',
    recommendation:
      'Write the headline as a specific result with a time frame you can keep, e.g. “Leaking pipes fixed the same day, or the call-out is free”, and repeat it next to the call to action.',
    evidence: headline ? `Headline: “${headline}”` : quote(fold.text, 160),
  };
}
