import type { ServiceBody } from '@/lib/contract/catalogue';

/**
 * How a service's offer reads to a visitor: price with its pricing model, timeline, and how it is
 * bought. One place, so the list, the detail page and the buy button always say the same thing.
 */

type Pricing = NonNullable<ServiceBody['pricing']>;
type Timeline = NonNullable<ServiceBody['timeline']>;

/** "$1,450" for whole amounts, "$1,450.50" otherwise: catalogue prices are round, cents would be noise. */
export function formatPrice(amount: number, currency = 'USD'): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

/** "$1,450 fixed price", "from $18,000, quoted after a call", "$450 per session". */
export function priceSummary(pricing: ServiceBody['pricing']): string {
  if (!pricing) return 'Price on request';
  const price = formatPrice(pricing.amount, pricing.currency);
  switch (pricing.model) {
    case 'custom_quote':
      return `from ${price}, quoted after a call`;
    case 'fixed_meeting':
      return `${price} per session`;
    case 'fixed_stripe':
      return `${price} fixed price`;
    default:
      return pricing.fixedPrice === false ? `from ${price}` : `${price} fixed price`;
  }
}

/** What the pricing model means for the buyer, in one sentence. */
export function pricingModelExplanation(pricing: Pricing | null | undefined): string | null {
  switch (pricing?.model) {
    case 'fixed_stripe':
      return 'A fixed price, paid online when you order.';
    case 'custom_quote':
      return 'A starting price; the fee is fixed once the scope is agreed.';
    case 'fixed_meeting':
      return 'A fixed fee per session, agreed when you book the call.';
    default:
      return null;
  }
}

/** "1 week", "1–2 weeks". */
export function timelineSummary(timeline: Timeline | null | undefined): string | null {
  if (!timeline) return null;
  const { minWeeks, maxWeeks } = timeline;
  if (minWeeks === maxWeeks) return `${minWeeks} ${minWeeks === 1 ? 'week' : 'weeks'}`;
  return `${minWeeks}–${maxWeeks} weeks`;
}

/** Services with a stripe CTA are bought online; the others start with a conversation. */
export function purchaseMode(ctaType: 'stripe' | 'calendar'): string {
  return ctaType === 'stripe' ? 'Buy online' : 'Book a call';
}

/** The first sentence of a description, for cards and meta descriptions. */
export function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/.exec(text.trim());
  return match?.[1] ?? text.trim();
}
