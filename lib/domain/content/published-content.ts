import type {
  FaqBody,
  ServiceBody,
  ServiceCategoryInfoBody,
  ServiceDetailBody,
  TestimonialBody,
} from '@/lib/contract/catalogue';
import type { InsightBody, InsightDetailBody, TOCPrinciplesBody } from '@/lib/contract/insights';
import type { CompanyProfileBody, CredentialBody } from '@/lib/contract/business';

/** A published insight plus what the site needs beyond the contract (never serialized to /v1 as is). */
export interface PublishedInsight {
  detail: InsightDetailBody;
  summary: InsightBody;
}

/**
 * Everything visitors and API clients may see, already in contract shape. Drafts and items scheduled
 * for later are filtered out when this is built, so nothing that reads it can leak them.
 */
export interface PublishedContent {
  services: ServiceDetailBody[];
  serviceList: ServiceBody[];
  servicesById: ReadonlyMap<string, ServiceDetailBody>;
  categories: ServiceCategoryInfoBody[];
  testimonialsByService: ReadonlyMap<string, TestimonialBody[]>;
  testimonials: TestimonialBody[];
  faqsByService: ReadonlyMap<string, FaqBody[]>;
  firmFaqs: FaqBody[];
  insights: PublishedInsight[];
  insightsById: ReadonlyMap<string, PublishedInsight>;
  principles: TOCPrinciplesBody;
  company: CompanyProfileBody | null;
  credentials: CredentialBody[];
}
