import type { Service as ServiceRow } from '@/lib/generated/prisma/client';
import { parseBuyerInputRules } from '../../catalogue/buyer-input-schema';
import { stringArray } from '../../../core/json-columns';
import { majorToMinor, minorToMajor } from '../../../core/money';
import type { ServiceItemData } from '../content-bundle';

/** The columns a service item sets (not its id, status or dates, which belong to its life, not its content). */
export function serviceRowData(item: ServiceItemData) {
  return {
    name: item.name,
    description: item.description,
    category: item.category,
    sortOrder: item.sortOrder,
    ctaType: item.ctaType,
    pricingModel: item.pricing.model,
    priceMinor: majorToMinor(item.pricing.amount),
    currency: item.pricing.currency,
    fixedPrice: item.pricing.fixedPrice,
    priceGuarantee: item.pricing.priceGuarantee,
    timelineMinWeeks: item.timeline.minWeeks,
    timelineMaxWeeks: item.timeline.maxWeeks,
    timelineDescription: item.timeline.description,
    deliverables: item.deliverables,
    benefits: item.benefits,
    process: item.process,
    industryExpertise: item.industryExpertise,
    buyerInputs: item.buyerInputs,
    deliversReport: item.deliversReport,
    imageId: item.imageId,
  };
}

export function serviceItemOf(row: ServiceRow): ServiceItemData {
  return {
    id: row.id,
    name: row.name,
    category: row.category as ServiceItemData['category'],
    sortOrder: row.sortOrder,
    description: row.description,
    ctaType: row.ctaType as ServiceItemData['ctaType'],
    pricing: {
      model: row.pricingModel as ServiceItemData['pricing']['model'],
      amount: minorToMajor(row.priceMinor),
      currency: row.currency,
      fixedPrice: row.fixedPrice,
      priceGuarantee: row.priceGuarantee,
    },
    timeline: { minWeeks: row.timelineMinWeeks, maxWeeks: row.timelineMaxWeeks, description: row.timelineDescription },
    deliverables: stringArray(row.deliverables, 'Service.deliverables'),
    benefits: stringArray(row.benefits, 'Service.benefits'),
    process: stringArray(row.process, 'Service.process'),
    industryExpertise: stringArray(row.industryExpertise, 'Service.industryExpertise'),
    buyerInputs: parseBuyerInputRules(row.buyerInputs),
    deliversReport: row.deliversReport,
    imageId: row.imageId,
  };
}
