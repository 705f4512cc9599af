import { canonicalSha256 } from '../../core/hashing';

/**
 * `pd:` + sha256 of the canonical offer. Anything a buyer agrees to (price, currency, pricing model,
 * how the service is sold, the inputs it asks for) is part of the offer, so changing any of it
 * changes the digest and a checkout carrying the old one is refused with 409 OFFER_CHANGED.
 */
export function purchaseDigest(offer: {
  serviceId: string;
  ctaType: string;
  pricing: { amount: number; currency: string; fixedPrice: boolean; priceGuarantee: string | null; model?: string };
  buyerInputSchema: unknown;
}): string {
  return `pd:${canonicalSha256(offer)}`;
}
