import type { Db } from '@/lib/db/client';
import type { Service as ServiceRow, Testimonial as TestimonialRow, Faq as FaqRow } from '@/lib/generated/prisma/client';
import type { FaqBody, ServiceBody, ServiceDetailBody, TestimonialBody } from '@/lib/contract/catalogue';
import { SERVICE_CATEGORIES } from '@/lib/contract/catalogue';
import { stringArray } from '../../core/json-columns';
import { isoDate, isoDateTime } from '../../core/dates';
import { offerOf } from '../catalogue/offer';
import type { CredentialBody } from '@/lib/contract/business';
import type { ContentRows, InsightMetadataRow } from './content-rows';
import { readContentRows } from './content-rows';
import type { PublishedContent, PublishedInsight } from './published-content';
import { SERVICE_CATEGORY_INFO, categoryRank } from './service-categories';
import type { PublishedImage } from '../media/published-image';
import { contractImage, publishedImageOf } from '../media/published-image';

type ImageLookup = (id: string | null | undefined) => PublishedImage | null;

function groupBy<T>(items: T[], key: (item: T) => string | null | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k == null) continue;
    const list = groups.get(k) ?? [];
    list.push(item);
    groups.set(k, list);
  }
  return groups;
}

function toTestimonial(row: TestimonialRow): TestimonialBody {
  return {
    id: row.id,
    clientName: row.clientName,
    clientRole: row.clientRole,
    clientCompany: row.clientCompany,
    content: row.content,
    rating: row.rating,
    date: isoDate(row.date),
    serviceId: row.serviceId,
  };
}

function toFaq(row: FaqRow): FaqBody {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    category: row.category,
    serviceId: row.serviceId,
    order: row.order,
  };
}

function averageRating(testimonials: TestimonialBody[]): number | null {
  const ratings = testimonials.map((t) => t.rating).filter((r): r is number => typeof r === 'number');
  if (ratings.length === 0) return null;
  return Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 100) / 100;
}

function toServiceDetail(row: ServiceRow, testimonials: TestimonialBody[], faqs: FaqBody[], image: PublishedImage | null): ServiceDetailBody {
  const { pricing, buyerInputSchema, purchaseDigest } = offerOf(row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category as ServiceDetailBody['category'],
    pricing,
    timeline: { minWeeks: row.timelineMinWeeks, maxWeeks: row.timelineMaxWeeks, description: row.timelineDescription },
    deliverables: stringArray(row.deliverables, 'Service.deliverables'),
    benefits: stringArray(row.benefits, 'Service.benefits'),
    process: stringArray(row.process, 'Service.process'),
    industryExpertise: stringArray(row.industryExpertise, 'Service.industryExpertise'),
    createdAt: isoDateTime(row.createdAt),
    ...(image ? { image: contractImage(image) } : {}),
    testimonialCount: testimonials.length,
    faqCount: faqs.length,
    averageRating: averageRating(testimonials),
    ctaType: row.ctaType as ServiceDetailBody['ctaType'],
    purchaseDigest,
    buyerInputSchema,
  };
}

function toServiceSummary(detail: ServiceDetailBody): ServiceBody {
  return {
    id: detail.id,
    name: detail.name,
    description: detail.description,
    category: detail.category,
    pricing: detail.pricing,
    timeline: detail.timeline,
    deliverables: detail.deliverables,
    benefits: detail.benefits,
    process: detail.process,
    industryExpertise: detail.industryExpertise,
    createdAt: detail.createdAt,
    ...(detail.image ? { image: detail.image } : {}),
  };
}

function toInsight(row: InsightMetadataRow, publishedIds: ReadonlySet<string>, imageOf: ImageLookup): PublishedInsight {
  const hero = imageOf(row.imageId);
  return {
    summary: {
      id: row.id,
      title: row.title,
      summary: row.summary,
      topics: stringArray(row.topics, 'Insight.topics'),
      author: row.author,
      publishedAt: isoDate(row.publishedAt),
      readTime: row.readTime,
      featured: row.featured,
    },
    // Only published insights may be pointed to, or a related link would leak a draft's id.
    relatedInsights: stringArray(row.relatedIds, 'Insight.relatedIds').filter((id) => publishedIds.has(id)),
    keywords: stringArray(row.keywords, 'Insight.keywords'),
    contentDigest: row.contentDigest,
    hero: hero && { image: hero, caption: row.imageCaption, credit: row.imageCredit },
    bodyImages: (row.bodyMediaIds === null ? [] : stringArray(row.bodyMediaIds, 'Insight.bodyMediaIds')).flatMap((id) => imageOf(id) ?? []),
  };
}

export interface BuiltContent {
  content: PublishedContent;
  /** Epoch ms when an item scheduled for later becomes visible, so the snapshot must be rebuilt then. */
  nextScheduledAt: number;
}

export interface LoadedContent extends BuiltContent {
  revision: number;
}

/** Text order as the database compares it (binary), not the locale's. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Newest first, undated last, as `ORDER BY … DESC` puts NULLs. */
const newestFirst = (a: Date | null, b: Date | null) => (b?.getTime() ?? Number.NEGATIVE_INFINITY) - (a?.getTime() ?? Number.NEGATIVE_INFINITY);
const inOrder = <T extends { order: number; id: string }>(rows: T[]) => [...rows].sort((a, b) => a.order - b.order || byText(a.id, b.id));

/** The content visitors see: published and due (`publishedAt` in the future means scheduled). */
export async function loadPublishedContent(db: Db, now = new Date()): Promise<LoadedContent> {
  const rows = await readContentRows(db);
  return { revision: rows.revision, ...buildPublishedContent(rows, now) };
}

/**
 * Turns content rows into the contract-shaped snapshot. The rows' statuses were chosen by whoever read them; here
 * only `publishedAt` still decides (later means scheduled), unless `everythingLive` (staff previewing every draft).
 */
export function buildPublishedContent(
  rows: Omit<ContentRows, 'revision'>,
  now: Date,
  { everythingLive = false }: { everythingLive?: boolean } = {},
): BuiltContent {
  const isLive = (row: { publishedAt: Date | null }, at: Date) => everythingLive || row.publishedAt === null || row.publishedAt <= at;
  const serviceRows = rows.services;
  const testimonialRows = [...rows.testimonials].sort((a, b) => newestFirst(a.date, b.date) || byText(a.id, b.id));
  const faqRows = inOrder(rows.faqs);
  const insightRows = [...rows.insights].sort((a, b) => newestFirst(a.publishedAt, b.publishedAt) || byText(a.id, b.id));
  const principleRows = inOrder(rows.principles);
  const toolRows = inOrder(rows.tools);
  const leaderRows = inOrder(rows.leaders);
  const credentialRows = inOrder(rows.credentials);
  const companyRow = rows.company;
  const images = new Map(rows.media.flatMap((row) => publishedImageOf(row) ?? []).map((image) => [image.id, image]));
  const imageOf: ImageLookup = (id) => (id ? (images.get(id) ?? null) : null);

  const scheduled = [...serviceRows, ...testimonialRows, ...faqRows, ...insightRows]
    .filter((row) => !isLive(row, now))
    .map((row) => row.publishedAt!.getTime());
  const nextScheduledAt = scheduled.length > 0 ? Math.min(...scheduled) : Number.POSITIVE_INFINITY;

  const liveServices = serviceRows
    .filter((row) => isLive(row, now))
    .sort((a, b) => categoryRank(a.category) - categoryRank(b.category) || a.sortOrder - b.sortOrder || a.id.localeCompare(b.id));
  const liveServiceIds = new Set(liveServices.map((s) => s.id));
  // A testimonial or FAQ of an unpublished service stays hidden with it.
  const visible = (row: { serviceId: string | null; publishedAt: Date | null }) =>
    isLive(row, now) && (row.serviceId === null || liveServiceIds.has(row.serviceId));

  const testimonials = testimonialRows.filter(visible).map(toTestimonial);
  const faqs = faqRows.filter(visible).map(toFaq);
  const testimonialsByService = groupBy(testimonials, (t) => t.serviceId);
  const faqsByService = groupBy(faqs, (f) => f.serviceId);

  const services = liveServices.map((row) =>
    toServiceDetail(row, testimonialsByService.get(row.id) ?? [], faqsByService.get(row.id) ?? [], imageOf(row.imageId)),
  );

  const liveInsights = insightRows.filter((row) => isLive(row, now));
  const publishedInsightIds = new Set(liveInsights.map((row) => row.id));
  const insights = liveInsights.map((row) => toInsight(row, publishedInsightIds, imageOf));

  const content: PublishedContent = {
    services,
    serviceList: services.map(toServiceSummary),
    servicesById: new Map(services.map((s) => [s.id, s])),
    categories: SERVICE_CATEGORIES.map((id) => {
      const serviceIds = services.filter((s) => s.category === id).map((s) => s.id);
      return { id, ...SERVICE_CATEGORY_INFO[id], serviceCount: serviceIds.length, serviceIds };
    }),
    testimonialsByService,
    testimonials,
    faqsByService,
    firmFaqs: faqs.filter((f) => f.serviceId === null),
    insights,
    insightsById: new Map(insights.map((i) => [i.summary.id, i])),
    principles: {
      principles: principleRows.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        when_to_use: p.whenToUse,
        expected_outcomes: p.expectedOutcomes,
      })),
      tools: toolRows.map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        useCase: t.useCase,
        when_to_use: t.whenToUse,
      })),
    },
    company: companyRow && {
      name: companyRow.name,
      headquarters: { city: companyRow.city, state: companyRow.state, country: companyRow.country },
      yearFounded: companyRow.yearFounded,
      yearsOfExperience: companyRow.yearsOfExperience,
      tagline: companyRow.tagline,
      description: companyRow.description,
      leadership: leaderRows.map((l) => ({ name: l.name, role: l.role, bio: l.bio })),
      coreCompetencies: stringArray(companyRow.coreCompetencies, 'CompanyProfile.coreCompetencies'),
      contact: {
        email: companyRow.contactEmail,
        phone: companyRow.contactPhone,
        website: companyRow.website,
        socialMedia: companyRow.socialMedia as Record<string, string>,
      },
      socialProof: {
        clientCount: companyRow.clientCount,
        projectsCompleted: companyRow.projectsCompleted,
        averageClientRating: averageRating(testimonials) ?? 0,
        testimonialCount: testimonials.length,
      },
    },
    credentials: credentialRows.map((c) => ({
      id: c.id,
      name: c.name,
      issuer: c.issuer,
      year: c.year,
      kind: c.kind as CredentialBody['kind'],
      description: c.description,
    })),
    serviceImages: Object.fromEntries(liveServices.flatMap((row) => (imageOf(row.imageId) ? [[row.id, imageOf(row.imageId)!]] : []))),
    leaderPortraits: companyRow ? leaderRows.map((leader) => imageOf(leader.portraitId)) : [],
  };

  return { content, nextScheduledAt };
}
