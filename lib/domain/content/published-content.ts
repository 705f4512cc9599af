import type { FaqBody, ServiceBody, ServiceCategoryInfoBody, ServiceDetailBody, TestimonialBody } from '@/lib/contract/catalogue';
import type { InsightBody, TOCPrinciplesBody } from '@/lib/contract/insights';
import type { CompanyProfileBody, CredentialBody } from '@/lib/contract/business';
import type { PublishedImage } from '../media/published-image';

/** An insight's hero image, with what is printed under it. */
export interface HeroPlacement {
  image: PublishedImage;
  caption: string | null;
  credit: string | null;
}

/**
 * A published insight's metadata: everything of InsightDetail except the body, which is read from the
 * database when needed (insight-bodies.ts), so memory does not grow with the articles' length.
 */
export interface PublishedInsight {
  summary: InsightBody;
  keywords: string[];
  /** Published insights only, in the author's order. */
  relatedInsights: string[];
  /** sha256 of the body (null until the seed step fills it for rows from before it was stored). */
  contentDigest: string | null;
  hero: HeroPlacement | null;
  /** The library images the body names that can be shown, so its Markdown renders without another read. */
  bodyImages: PublishedImage[];
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
  /** Each published service's picture, by service id. */
  serviceImages: Record<string, PublishedImage>;
  /** The portrait of each leader of `company.leadership`, in the same order. */
  leaderPortraits: (PublishedImage | null)[];
}
