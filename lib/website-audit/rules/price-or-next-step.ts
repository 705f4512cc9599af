import type { AuditFinding } from '../finding';
import type { ParsedPage } from '../parsed-page';
import { bodyText } from '../page-text';

/** A stated amount of money: $450, £1,200, €89.50, 450 USD. */
export const PRICE_PATTERN = /(?:[$€£]\s?\d{1,3}(?:[,.\s]?\d{3})*(?:[.,]\d{2})?|\b\d+(?:[.,]\d{2})?\s?(?:USD|EUR|GBP|dollars|euros|pounds)\b)/i;

/** Words that tell the buyer what happens after they act. */
export const NEXT_STEP_PATTERN =
  /\b(how it works|what happens next|what happens after|next steps?\b|step 1\b|step one\b|we(?:'|’)ll (?:call|email|text|reply|get back|be in touch|send|confirm)|we will (?:call|email|text|reply|get back|be in touch|send|confirm))/i;

/**
 * Price or next step visible. Quote-only pricing is a policy constraint: it turns every buyer into a sales
 * conversation before they know whether they can afford you, and the cautious ones never start it.
 */
export function checkPriceOrNextStep(page: ParsedPage): AuditFinding | null {
  const text = bodyText(page.$);
  const price = PRICE_PATTERN.exec(text);
  if (price) return null;
  const nextStep = NEXT_STEP_PATTERN.exec(text);
  if (nextStep) {
    return {
      id: 'offer.price-hidden',
      category: 'offer',
      severity: 'minor',
      title: 'The page explains the next step but not the price',
      detail:
        'Buyers can see what happens when they get in touch, but not what it will cost. Those unsure whether they can afford you wait, or call a competitor who says.',
      recommendation:
        'State a price, a “from” price or a typical range next to the call to action, e.g. “Most repairs cost $180 to $450, quoted before we start.”',
      evidence: null,
    };
  }
  return {
    id: 'offer.no-price-or-next-step',
    category: 'offer',
    severity: 'major',
    title: 'The buyer cannot see the price or what happens next',
    detail:
      'The page states no price and does not say what happens after the buyer gets in touch. Both unknowns are risk, and buyers resolve risk by not deciding.',
    recommendation:
      'Show the price (or a “from” price) beside the call to action, and add three short steps under it: what the buyer does, what you do and by when, e.g. “1. Book a time. 2. We call you within one business day. 3. You get a fixed quote before any work starts.”',
    evidence: null,
  };
}
