import type { Db } from '@/lib/db/client';
import type {
  Service as ServiceRow,
  Testimonial as TestimonialRow,
  Faq as FaqRow,
  Insight as InsightRow,
} from '@/lib/generated/prisma/client';
import type { FaqBody, ServiceBody, ServiceDetailBody, TestimonialBody } from '@/lib/contract/catalogue';
import { SERVICE_CATEGORIES } from '@/lib/contract/catalogue';
import { stringArray } from '../json-columns';
import { isoDate, isoDateTime } from '../dates';
import { offerOf } from '../offer';
import type { CredentialBody } from '@/lib/contract/business';
import type { PublishedContent, PublishedInsight } from './published-content';
import { SERVICE_CATEGORY_INFO, categoryRank } from './service-categories';

const PUBLISHED = { status: 'published' } as const;

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

function toServiceDetail(row: ServiceRow, testimonials: TestimonialBody[], faqs: FaqBody[]): ServiceDetailBody {
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
  };
}

type InsightMetadataRow = Omit<InsightRow, 'content'>;

function toInsight(row: InsightMetadataRow, publishedIds: ReadonlySet<string>): PublishedInsight {
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
  };
}

export interface LoadedContent {
  revision: number;
  content: PublishedContent;
  /** Epoch ms when an item scheduled for later becomes visible, so the snapshot must be rebuilt then. */
  nextScheduledAt: number;
}

/**
 * The content visitors see: published and due (`publishedAt` in the future means scheduled). With
 * `includeDrafts`, what staff preview: drafts and scheduled items as if they were live.
 */
export async function loadPublishedContent(db: Db, now = new Date(), { includeDrafts = false } = {}): Promise<LoadedContent> {
  const visibleStatus = includeDrafts ? {} : PUBLISHED;
  const isLive = (row: { publishedAt: Date | null }, at: Date) => includeDrafts || row.publishedAt === null || row.publishedAt <= at;
  // One transaction, so the revision and the rows it describes are read consistently.
  const [revisionRow, serviceRows, testimonialRows, faqRows, insightRows, principleRows, toolRows, companyRow, leaderRows, credentialRows] =
    await db.$transaction([
      db.contentRevision.findUnique({ where: { id: 1 } }),
      db.service.findMany({ where: visibleStatus }),
      // Undated last on both engines (PostgreSQL would put NULL first in a descending order, SQLite last).
      db.testimonial.findMany({ where: visibleStatus, orderBy: [{ date: { sort: 'desc', nulls: 'last' } }, { id: 'asc' }] }),
      db.faq.findMany({ where: visibleStatus, orderBy: [{ order: 'asc' }, { id: 'asc' }] }),
      // Bodies stay in the database: the snapshot holds metadata only.
      db.insight.findMany({ where: visibleStatus, omit: { content: true }, orderBy: [{ publishedAt: { sort: 'desc', nulls: 'last' } }, { id: 'asc' }] }),
      db.principle.findMany({ orderBy: [{ order: 'asc' }, { id: 'asc' }] }),
      db.tool.findMany({ orderBy: [{ order: 'asc' }, { id: 'asc' }] }),
      db.companyProfile.findUnique({ where: { id: 'company' } }),
      db.leader.findMany({ orderBy: [{ order: 'asc' }, { id: 'asc' }] }),
      db.credential.findMany({ orderBy: [{ order: 'asc' }, { id: 'asc' }] }),
    ]);

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
    toServiceDetail(row, testimonialsByService.get(row.id) ?? [], faqsByService.get(row.id) ?? []),
  );

  const liveInsights = insightRows.filter((row) => isLive(row, now));
  const publishedInsightIds = new Set(liveInsights.map((row) => row.id));
  const insights = liveInsights.map((row) => toInsight(row, publishedInsightIds));

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
  };

  return { revision: revisionRow?.revision ?? 0, content, nextScheduledAt };
}
