import type { Service as ServiceRow } from '@/lib/generated/prisma/client';
import type { BuyerInputSchemaBody, ServiceDetailBody } from '@/lib/contract/catalogue';
import { buildBuyerInputSchema, parseBuyerInputRules } from './buyer-input-schema';
import { minorToMajor } from '../../core/money';
import { purchaseDigest } from './purchase-digest';

export interface Offer {
  pricing: NonNullable<ServiceDetailBody['pricing']> & { model: NonNullable<NonNullable<ServiceDetailBody['pricing']>['model']> };
  buyerInputSchema: BuyerInputSchemaBody;
  purchaseDigest: string;
}

/** What a buyer agrees to: price, how it is sold and what it asks for. The detail page and checkout both use it. */
export function offerOf(row: ServiceRow): Offer {
  const buyerInputSchema = buildBuyerInputSchema(row.name, parseBuyerInputRules(row.buyerInputs));
  const pricing = {
    amount: minorToMajor(row.priceMinor),
    currency: row.currency,
    fixedPrice: row.fixedPrice,
    priceGuarantee: row.priceGuarantee,
    model: row.pricingModel as Offer['pricing']['model'],
  };
  return {
    pricing,
    buyerInputSchema,
    purchaseDigest: purchaseDigest({ serviceId: row.id, ctaType: row.ctaType, pricing, buyerInputSchema }),
  };
}
