import { z } from 'zod';
import { BUYER_INPUT_NAMES, CTA_TYPES, FAQ_CATEGORIES, PRICING_MODELS, SERVICE_CATEGORIES } from '@/lib/contract/catalogue';
import { CREDENTIAL_KINDS } from '@/lib/contract/business';

/**
 * The shape of the content that writers keep under prisma/content (JSON files and Markdown with front matter).
 * The seed validates the files against it before anything touches the database.
 */

const ContentStatus = z.enum(['draft', 'published']);
const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ids are kebab-case slugs');
const NonEmpty = z.string().trim().min(1);
/** YAML front matter turns `2025-06-12` into a Date; JSON keeps it a string. Both mean a UTC calendar date. */
const CalendarDate = z.union([z.date(), z.iso.date().transform((d) => new Date(`${d}T00:00:00Z`))]);
const BuyerInput = z.enum(BUYER_INPUT_NAMES);

export const ServiceContent = z
  .object({
    id: Slug.refine((id) => id !== 'categories', '"categories" is a reserved path under /v1/services'),
    name: NonEmpty,
    category: z.enum(SERVICE_CATEGORIES),
    status: ContentStatus,
    createdAt: z.iso.datetime({ offset: true }).transform((d) => new Date(d)),
    sortOrder: z.int().min(0),
    description: NonEmpty,
    ctaType: z.enum(CTA_TYPES),
    pricing: z.object({
      model: z.enum(PRICING_MODELS),
      amount: z.number().nonnegative(),
      currency: z.string().regex(/^[A-Z]{3}$/),
      fixedPrice: z.boolean(),
      priceGuarantee: z.string().nullable(),
    }),
    timeline: z.object({ minWeeks: z.int().min(0), maxWeeks: z.int().min(0), description: NonEmpty }),
    deliverables: z.array(NonEmpty),
    benefits: z.array(NonEmpty),
    process: z.array(NonEmpty),
    industryExpertise: z.array(NonEmpty),
    buyerInputs: z.object({
      required: z.array(BuyerInput),
      accepted: z.array(BuyerInput),
      requireOneOf: z.array(z.array(BuyerInput).min(1)),
    }),
    deliversReport: z.boolean().default(false),
  })
  .refine((s) => s.timeline.minWeeks <= s.timeline.maxWeeks, 'timeline.minWeeks must not exceed maxWeeks')
  .refine((s) => s.buyerInputs.required.every((name) => s.buyerInputs.accepted.includes(name)), 'every required input must be accepted')
  .refine((s) => s.ctaType === 'stripe' || s.buyerInputs.accepted.length === 0, 'only checkout (stripe) services take buyer inputs')
  .refine((s) => s.ctaType === 'stripe' || !s.deliversReport, 'only checkout (stripe) services deliver a report');

export const TestimonialContent = z.object({
  id: Slug,
  serviceId: Slug.nullable(),
  clientName: NonEmpty,
  clientRole: z.string().nullable(),
  clientCompany: z.string().nullable(),
  content: NonEmpty,
  rating: z.number().min(0).max(5).nullable(),
  date: CalendarDate.nullable(),
  status: ContentStatus,
});

export const FaqContent = z.object({
  id: Slug,
  serviceId: Slug.nullable(),
  category: z.enum(FAQ_CATEGORIES),
  question: NonEmpty,
  answer: NonEmpty,
  order: z.int().min(0),
  status: ContentStatus,
});

export const InsightContent = z
  .object({
    id: Slug,
    title: NonEmpty,
    summary: NonEmpty.max(300),
    author: NonEmpty,
    publishedAt: CalendarDate.optional(),
    featured: z.boolean().default(false),
    status: ContentStatus,
    topics: z.array(Slug).min(1),
    keywords: z.array(NonEmpty),
    related: z.array(Slug).default([]),
    content: NonEmpty,
  })
  .refine((i) => i.status === 'draft' || i.publishedAt !== undefined, 'a published insight needs publishedAt');

export const PrincipleContent = z.object({
  id: Slug,
  name: NonEmpty,
  description: NonEmpty,
  when_to_use: z.string().nullable(),
  expected_outcomes: z.string().nullable(),
  order: z.int(),
});

export const ToolContent = z.object({
  id: Slug,
  name: NonEmpty,
  description: NonEmpty,
  useCase: z.string().nullable(),
  when_to_use: z.string().nullable(),
  order: z.int(),
});

export const CompanyContent = z.object({
  name: NonEmpty,
  headquarters: z.object({ city: NonEmpty, state: NonEmpty, country: NonEmpty }),
  yearFounded: z.int(),
  yearsOfExperience: z.int(),
  tagline: NonEmpty,
  description: z.string(),
  leadership: z.array(z.object({ name: NonEmpty, role: NonEmpty, bio: z.string().nullable() })),
  coreCompetencies: z.array(NonEmpty),
  contact: z.object({
    email: z.email(),
    phone: z.string().nullable(),
    website: z.url().nullable(),
    socialMedia: z.record(z.string(), z.url()),
  }),
  socialProof: z.object({ clientCount: z.int().min(0), projectsCompleted: z.int().min(0) }),
  credentials: z.array(
    z.object({ id: Slug, name: NonEmpty, issuer: NonEmpty, year: z.int(), kind: z.enum(CREDENTIAL_KINDS), description: NonEmpty }),
  ),
});

const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const ConsultantContent = z.object({
  id: Slug,
  name: NonEmpty,
  email: z.email(),
  title: NonEmpty,
  expertise: z.array(z.enum(SERVICE_CATEGORIES)).min(1),
  workingHours: z.object({ start: LocalTime, end: LocalTime }),
  workingDays: z.array(z.int().min(1).max(7)).min(1),
  holidays: z.array(z.iso.date()),
  active: z.boolean(),
});

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
    for (const [kind, items] of [['testimonials', bundle.testimonials], ['faqs', bundle.faqs]] as const) {
      for (const item of items) {
        if (item.serviceId && !serviceIds.has(item.serviceId)) {
          ctx.addIssue({ code: 'custom', path: [kind, item.id], message: `unknown service ${item.serviceId}` });
        }
      }
    }
    for (const insight of bundle.insights) {
      for (const related of insight.related) {
        if (!insightIds.has(related) || related === insight.id) {
          ctx.addIssue({ code: 'custom', path: ['insights', insight.id, 'related'], message: `bad related insight ${related}` });
        }
      }
    }
    for (const [kind, items] of Object.entries({
      services: bundle.services,
      testimonials: bundle.testimonials,
      faqs: bundle.faqs,
      insights: bundle.insights,
    })) {
      const ids = items.map((item) => item.id);
      const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
      if (duplicate) ctx.addIssue({ code: 'custom', path: [kind], message: `duplicate id ${duplicate}` });
    }
  });

export type ContentBundleInput = z.input<typeof ContentBundle>;
export type ContentBundleData = z.output<typeof ContentBundle>;
