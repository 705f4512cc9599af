import { z } from 'zod';
import { BUYER_INPUT_NAMES, CTA_TYPES, FAQ_CATEGORIES, PRICING_MODELS, SERVICE_CATEGORIES } from '@/lib/contract/catalogue';
import { CREDENTIAL_KINDS } from '@/lib/contract/business';
import { HeroImage, OptionalMediaId } from '../media/media-references';

/**
 * The rules of content, in two layers that share them:
 * - the item schemas (`InsightItem`, `ServiceItem` …): one editable item, JSON in and JSON out. Staff editors validate
 *   drafts with them, drafts and versions are stored in their output shape, and publishing writes rows from it;
 * - the file schemas (`InsightContent`, `ServiceContent` …, `ContentBundle`): an item plus what the files under
 *   prisma/content say about its life (status, dates), validated by the seed before anything touches the database.
 */

const ContentStatus = z.enum(['draft', 'published']);
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const Slug = z.string().regex(SLUG_PATTERN, 'Use lower-case words joined by hyphens, e.g. "buffer-sizing-basics"').max(120);
/** An item's own id: also a path segment of the staff editor, where "new" means a new item. */
const ItemId = Slug.refine((id) => id !== 'new', '"new" is reserved; choose another id');
const NonEmpty = z.string().trim().min(1);
const Text = (max: number) => NonEmpty.max(max);
const OptionalText = (max: number) => z.string().trim().max(max).nullable();
const ListEntry = Text(500);
/** YAML front matter turns `2025-06-12` into a Date; JSON keeps it a string. Both mean a UTC calendar date. */
const CalendarDate = z.union([z.date(), z.iso.date().transform((d) => new Date(`${d}T00:00:00Z`))]);
/** The same calendar date, kept as `YYYY-MM-DD` (items are JSON). */
const CalendarDateText = z.union([z.date().transform((d) => d.toISOString().slice(0, 10)), z.iso.date()]);
const BuyerInput = z.enum(BUYER_INPUT_NAMES);
const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time, e.g. 09:00');

export const unknownServiceMessage = (serviceId: string) => `unknown service ${serviceId}`;
export const badRelatedInsightMessage = (insightId: string) => `bad related insight ${insightId}`;

export const ServiceItem = z
  .object({
    id: ItemId.refine((id) => id !== 'categories', '"categories" is a reserved path under /v1/services'),
    name: Text(200),
    category: z.enum(SERVICE_CATEGORIES),
    sortOrder: z.int().min(0),
    description: Text(5000),
    ctaType: z.enum(CTA_TYPES),
    pricing: z.object({
      model: z.enum(PRICING_MODELS),
      amount: z.number().nonnegative().max(10_000_000),
      currency: z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, e.g. USD'),
      fixedPrice: z.boolean(),
      priceGuarantee: OptionalText(500),
    }),
    timeline: z.object({ minWeeks: z.int().min(0).max(520), maxWeeks: z.int().min(0).max(520), description: Text(500) }),
    deliverables: z.array(ListEntry).max(50),
    benefits: z.array(ListEntry).max(50),
    process: z.array(ListEntry).max(50),
    industryExpertise: z.array(ListEntry).max(50),
    buyerInputs: z.object({
      required: z.array(BuyerInput),
      accepted: z.array(BuyerInput),
      requireOneOf: z.array(z.array(BuyerInput).min(1)),
    }),
    deliversReport: z.boolean().default(false),
    /** Shown on its card and page (a library image), or none. */
    imageId: OptionalMediaId.default(null),
  })
  .refine((s) => s.timeline.minWeeks <= s.timeline.maxWeeks, { message: 'timeline.minWeeks must not exceed maxWeeks', path: ['timeline', 'maxWeeks'] })
  .refine((s) => s.buyerInputs.required.every((name) => s.buyerInputs.accepted.includes(name)), {
    message: 'every required input must be accepted',
    path: ['buyerInputs', 'required'],
  })
  .refine((s) => s.ctaType === 'stripe' || s.buyerInputs.accepted.length === 0, {
    message: 'only checkout (stripe) services take buyer inputs',
    path: ['ctaType'],
  })
  .refine((s) => s.ctaType === 'stripe' || !s.deliversReport, { message: 'only checkout (stripe) services deliver a report', path: ['deliversReport'] });

export const TestimonialItem = z.object({
  id: ItemId,
  serviceId: Slug.nullable(),
  clientName: Text(200),
  clientRole: OptionalText(200),
  clientCompany: OptionalText(200),
  content: Text(3000),
  rating: z.number().min(0).max(5).nullable(),
  date: CalendarDateText.nullable(),
});

export const FaqItem = z.object({
  id: ItemId,
  serviceId: Slug.nullable(),
  category: z.enum(FAQ_CATEGORIES),
  question: Text(300),
  answer: Text(5000),
  order: z.int().min(0),
});

export const InsightItem = z.object({
  id: ItemId,
  title: Text(200),
  summary: Text(300),
  author: Text(120),
  featured: z.boolean().default(false),
  topics: z.array(Slug).min(1),
  keywords: z.array(Text(120)).max(50),
  related: z.array(Slug).max(20).default([]),
  /** Above the article, with its caption and credit; library images in the body are named in the Markdown itself. */
  image: HeroImage.default(null),
  content: Text(100_000),
});

export const PrincipleItem = z.object({
  id: ItemId,
  name: Text(200),
  description: Text(5000),
  when_to_use: OptionalText(3000),
  expected_outcomes: OptionalText(3000),
  order: z.int(),
});

export const ToolItem = z.object({
  id: ItemId,
  name: Text(200),
  description: Text(5000),
  useCase: OptionalText(3000),
  when_to_use: OptionalText(3000),
  order: z.int(),
});

export const CompanyItem = z.object({
  name: Text(200),
  headquarters: z.object({ city: Text(120), state: Text(120), country: Text(120) }),
  yearFounded: z.int().min(1800).max(2200),
  yearsOfExperience: z.int().min(0).max(300),
  tagline: Text(300),
  description: z.string().trim().max(5000),
  leadership: z
    .array(
      z.object({ name: Text(200), role: Text(200), bio: OptionalText(3000), /** On /about: a library image. */ portraitId: OptionalMediaId.default(null) }),
    )
    .max(30),
  coreCompetencies: z.array(ListEntry).max(50),
  contact: z.object({
    email: z.email(),
    phone: OptionalText(40),
    website: z.url().nullable(),
    socialMedia: z.record(z.string(), z.url()),
  }),
  socialProof: z.object({ clientCount: z.int().min(0), projectsCompleted: z.int().min(0) }),
  credentials: z
    .array(
      z.object({ id: Slug, name: Text(200), issuer: Text(200), year: z.int().min(1800).max(2200), kind: z.enum(CREDENTIAL_KINDS), description: Text(3000) }),
    )
    .max(50),
});

export const ConsultantItem = z
  .object({
    id: ItemId,
    name: Text(200),
    email: z.email(),
    title: Text(200),
    expertise: z.array(z.enum(SERVICE_CATEGORIES)).min(1),
    workingHours: z.object({ start: LocalTime, end: LocalTime }),
    workingDays: z.array(z.int().min(1).max(7)).min(1),
    holidays: z.array(z.iso.date()).max(400),
    active: z.boolean(),
  })
  .refine((c) => c.workingHours.start < c.workingHours.end, { message: 'the working day must end after it starts', path: ['workingHours', 'end'] });

export const ServiceContent = ServiceItem.extend({
  status: ContentStatus,
  createdAt: z.iso.datetime({ offset: true }).transform((d) => new Date(d)),
});

export const TestimonialContent = TestimonialItem.extend({ status: ContentStatus });

export const FaqContent = FaqItem.extend({ status: ContentStatus });

export const InsightContent = InsightItem.extend({ status: ContentStatus, publishedAt: CalendarDate.optional() }).refine(
  (i) => i.status === 'draft' || i.publishedAt !== undefined,
  'a published insight needs publishedAt',
);

export const PrincipleContent = PrincipleItem;
export const ToolContent = ToolItem;
export const CompanyContent = CompanyItem;
export const ConsultantContent = ConsultantItem;

export const ContentBundle = z
  .object({
    services: z.array(ServiceContent),
    testimonials: z.array(TestimonialContent),
    faqs: z.array(FaqContent),
    insights: z.array(InsightContent),
    principles: z.array(PrincipleContent),
    tools: z.array(ToolContent),
    company: CompanyContent,
    consultants: z.array(ConsultantContent),
  })
  .superRefine((bundle, ctx) => {
    const serviceIds = new Set(bundle.services.map((s) => s.id));
    const insightIds = new Set(bundle.insights.map((i) => i.id));
    for (const [kind, items] of [
      ['testimonials', bundle.testimonials],
      ['faqs', bundle.faqs],
    ] as const) {
      for (const item of items) {
        if (item.serviceId && !serviceIds.has(item.serviceId)) {
          ctx.addIssue({ code: 'custom', path: [kind, item.id], message: unknownServiceMessage(item.serviceId) });
        }
      }
    }
    for (const insight of bundle.insights) {
      for (const related of insight.related) {
        if (!insightIds.has(related) || related === insight.id) {
          ctx.addIssue({ code: 'custom', path: ['insights', insight.id, 'related'], message: badRelatedInsightMessage(related) });
        }
      }
    }
    for (const [kind, items] of Object.entries({
      services: bundle.services,
      testimonials: bundle.testimonials,
      faqs: bundle.faqs,
      insights: bundle.insights,
      principles: bundle.principles,
      tools: bundle.tools,
      consultants: bundle.consultants,
    })) {
      const ids = items.map((item) => item.id);
      const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
      if (duplicate) ctx.addIssue({ code: 'custom', path: [kind], message: `duplicate id ${duplicate}` });
    }
  });

export type ContentBundleInput = z.input<typeof ContentBundle>;
export type ContentBundleData = z.output<typeof ContentBundle>;
export type ServiceItemData = z.output<typeof ServiceItem>;
export type TestimonialItemData = z.output<typeof TestimonialItem>;
export type FaqItemData = z.output<typeof FaqItem>;
export type InsightItemData = z.output<typeof InsightItem>;
export type PrincipleItemData = z.output<typeof PrincipleItem>;
export type ToolItemData = z.output<typeof ToolItem>;
export type CompanyItemData = z.output<typeof CompanyItem>;
export type ConsultantItemData = z.output<typeof ConsultantItem>;
