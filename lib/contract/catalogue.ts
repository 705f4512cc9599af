import { z } from 'zod';
import 'zod-openapi';
import { Limit, PaginationQuery, Slug, IsoDate, IsoDateTime } from './common';
import { ContentImage } from './media';

export const SERVICE_CATEGORIES = ['constraint-analysis', 'offer-analysis', 'implementation-support'] as const;
export const ServiceCategory = z.enum(SERVICE_CATEGORIES).meta({ id: 'ServiceCategory', title: 'ServiceCategory' });

export const CTA_TYPES = ['stripe', 'calendar'] as const;
export const CtaType = z.enum(CTA_TYPES).meta({
  id: 'CtaType',
  description: '`stripe`: self-serve checkout. `calendar`: human-led, booked through a consultation.',
});

export const PRICING_MODELS = ['fixed_stripe', 'custom_quote', 'fixed_meeting'] as const;
export const PricingModel = z.enum(PRICING_MODELS).meta({ id: 'PricingModel' });

export const Pricing = z
  .object({
    amount: z.number().meta({ description: 'Price in major units of `currency`. For `custom_quote`, the starting price.' }),
    currency: z.string().default('USD'),
    fixedPrice: z.boolean().default(true),
    priceGuarantee: z.string().nullish(),
    model: PricingModel.optional(),
  })
  .meta({ id: 'Pricing', title: 'Pricing' });

export const Timeline = z.object({ minWeeks: z.int(), maxWeeks: z.int(), description: z.string() }).meta({ id: 'Timeline', title: 'Timeline' });

const serviceFields = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: ServiceCategory,
  pricing: Pricing.nullish(),
  timeline: Timeline.nullish(),
  deliverables: z.array(z.string()).nullish(),
  benefits: z.array(z.string()).nullish(),
  process: z.array(z.string()).nullish(),
  industryExpertise: z.array(z.string()).nullish(),
  createdAt: IsoDateTime.nullish(),
  image: ContentImage.optional(),
};

export const Service = z.object(serviceFields).meta({ id: 'Service', title: 'Service' });

export const BUYER_INPUT_NAMES = [
  'responsibility_acknowledged',
  'business_name',
  'location',
  'place_id',
  'website_url',
  'competitors',
  'url_to_audit',
] as const;
export const BuyerInputName = z.enum(BUYER_INPUT_NAMES);

export const BuyerInputSchema = z
  .object({
    type: z.literal('object'),
    title: z.string(),
    properties: z.record(z.string(), z.record(z.string(), z.unknown())),
    required: z.array(z.string()),
    additionalProperties: z.literal(false),
    anyOf: z
      .array(z.object({ required: z.array(z.string()) }))
      .optional()
      .meta({ description: 'Present when the service needs one of several groups of inputs (e.g. place_id, or business_name with location).' }),
  })
  .meta({
    id: 'BuyerInputSchema',
    title: 'BuyerInputSchema',
    description:
      'A JSON Schema (draft 2020-12 vocabulary) for the `buyerInputs` object of a checkout: which inputs the service requires, ' +
      'which it accepts (any other is refused), and any either/or rule. Services that take no inputs publish an object schema with no properties.',
  });

export const ServiceDetail = z
  .object({
    ...serviceFields,
    testimonialCount: z.int().nullish(),
    faqCount: z.int().nullish(),
    averageRating: z.number().min(0).max(5).nullish(),
    ctaType: CtaType,
    purchaseDigest: z
      .string()
      .regex(/^pd:[0-9a-f]{64}$/)
      .meta({ description: 'Identifies the current offer. Echo it at checkout; a stale value gets 409 OFFER_CHANGED.' }),
    buyerInputSchema: BuyerInputSchema,
  })
  .meta({ id: 'ServiceDetail', title: 'ServiceDetail' });

export const ServicesResponse = z
  .object({ services: z.array(Service), total: z.int(), limit: z.int(), offset: z.int() })
  .meta({ id: 'ServicesResponse', title: 'ServicesResponse' });

export const Testimonial = z
  .object({
    id: z.string(),
    clientName: z.string(),
    clientRole: z.string().nullish(),
    clientCompany: z.string().nullish(),
    content: z.string(),
    rating: z.number().min(0).max(5).nullish(),
    date: IsoDate.nullish(),
    serviceId: z.string().nullish(),
  })
  .meta({ id: 'Testimonial', title: 'Testimonial' });

export const TestimonialsResponse = z
  .object({ testimonials: z.array(Testimonial), total: z.int() })
  .meta({ id: 'TestimonialsResponse', title: 'TestimonialsResponse' });

export const FAQ_CATEGORIES = ['pricing', 'timeline', 'process', 'deliverables', 'general'] as const;
export const FaqCategory = z.enum(FAQ_CATEGORIES).meta({ id: 'FAQCategory', title: 'FAQCategory' });

export const FAQ = z
  .object({
    id: z.string(),
    question: z.string(),
    answer: z.string(),
    category: z.string().nullish().meta({ description: 'One of pricing, timeline, process, deliverables, general.' }),
    serviceId: z.string().nullish(),
    order: z.int().nullish(),
  })
  .meta({ id: 'FAQ', title: 'FAQ' });

export const FAQResponse = z.object({ faqs: z.array(FAQ), total: z.int() }).meta({ id: 'FAQResponse', title: 'FAQResponse' });

export const ServiceCategoryInfo = z
  .object({
    id: ServiceCategory,
    name: z.string(),
    description: z.string(),
    serviceCount: z.int().meta({ description: 'Published services in this category.' }),
    serviceIds: z.array(z.string()),
  })
  .meta({ id: 'ServiceCategoryInfo', title: 'ServiceCategoryInfo' });

export const ServiceCategoriesResponse = z
  .object({ categories: z.array(ServiceCategoryInfo), total: z.int() })
  .meta({ id: 'ServiceCategoriesResponse', title: 'ServiceCategoriesResponse' });

export const ServiceIdPath = z.object({ serviceId: Slug.meta({ description: 'Service id (a readable slug).' }) });
export const ListServicesQuery = PaginationQuery;
export const ListTestimonialsQuery = z.object({ limit: Limit });
export const ListFaqsQuery = z.object({ category: FaqCategory.optional() });

export type ServiceBody = z.input<typeof Service>;
export type ServiceDetailBody = z.input<typeof ServiceDetail>;
export type TestimonialBody = z.input<typeof Testimonial>;
export type FaqBody = z.input<typeof FAQ>;
export type BuyerInputSchemaBody = z.input<typeof BuyerInputSchema>;
export type ServiceCategoryId = z.infer<typeof ServiceCategory>;
export type ServiceCategoryInfoBody = z.input<typeof ServiceCategoryInfo>;
export type BuyerInputNameValue = z.infer<typeof BuyerInputName>;
