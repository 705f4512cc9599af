import { z } from 'zod';
import { db } from '@/lib/db/client';
import { invalidateContentSnapshot } from '../content/snapshot';
import { notFound } from '../errors';
import { majorToMinor } from '../money';
import { insightBodyFacts } from '../insight-body-facts';
import { insightSearchEngine } from '../search/insight-search-engine';
import { recordAudit } from './audit';
import type { StaffActor } from './roles';

const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case words joined by hyphens, e.g. "buffer-sizing-basics".').max(120);
const List = z
  .string()
  .max(2000)
  .transform((text) => [...new Set(text.split(',').map((item) => item.trim()).filter(Boolean))]);

export const InsightDraft = z.object({
  id: Slug,
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().min(1).max(300),
  content: z.string().trim().min(1).max(100_000),
  author: z.string().trim().min(1).max(120),
  topics: List.pipe(z.array(Slug).min(1, 'Give at least one topic.')),
  keywords: List,
  related: List.pipe(z.array(Slug)),
  featured: z.boolean(),
});

export const ServiceEdit = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(2000),
  price: z.number().min(0).max(10_000_000),
  priceGuarantee: z.string().trim().max(500).transform((v) => v || null),
  timelineDescription: z.string().trim().min(1).max(500),
});

/** Every content change moves the revision, so every instance reloads its snapshot (build_stamp changes only if published content did). */
async function bumpRevision(tx: Pick<typeof db, 'contentRevision'>) {
  await tx.contentRevision.upsert({ where: { id: 1 }, create: { id: 1, revision: 1 }, update: { revision: { increment: 1 } } });
}

export async function listInsightsForStaff() {
  return db.insight.findMany({ orderBy: [{ status: 'asc' }, { updatedAt: 'desc' }], select: { id: true, title: true, status: true, publishedAt: true, updatedAt: true, author: true } });
}

export async function getInsightForStaff(id: string) {
  const insight = await db.insight.findUnique({ where: { id } });
  if (!insight) throw notFound('Insight', id);
  return insight;
}

/**
 * Saves an insight as a draft (which also takes a published one offline) or publishes it. The row,
 * its search index entry, the content revision and the audit entry change together.
 */
export async function saveInsight(actor: StaffActor, input: z.output<typeof InsightDraft>, { publish }: { publish: boolean }) {
  const existing = await db.insight.findUnique({ where: { id: input.id } });
  const status = publish ? 'published' : 'draft';
  const publishedAt = publish ? (existing?.status === 'published' && existing.publishedAt ? existing.publishedAt : new Date()) : null;
  const data = {
    title: input.title,
    summary: input.summary,
    content: input.content,
    ...insightBodyFacts(input.content),
    author: input.author,
    topics: input.topics,
    keywords: input.keywords,
    relatedIds: input.related.filter((id) => id !== input.id),
    featured: input.featured,
    status,
    publishedAt,
  };
  await db.$transaction(async (tx) => {
    await tx.insight.upsert({ where: { id: input.id }, create: { id: input.id, ...data }, update: data });
    await insightSearchEngine.reindex(tx, [input.id]);
    await bumpRevision(tx);
    await recordAudit(tx, actor, publish ? 'insight.publish' : 'insight.save_draft', { type: 'insight', id: input.id }, {
      created: !existing,
      previousStatus: existing?.status ?? null,
    });
  });
  invalidateContentSnapshot();
}

export async function listServicesForStaff() {
  return db.service.findMany({ orderBy: [{ category: 'asc' }, { sortOrder: 'asc' }], select: { id: true, name: true, status: true, priceMinor: true, currency: true, ctaType: true, updatedAt: true } });
}

export async function getServiceForStaff(id: string) {
  const service = await db.service.findUnique({ where: { id } });
  if (!service) throw notFound('Service', id);
  return service;
}

/** Edits a service's public fields, including its price; publishing a new price changes the purchaseDigest. */
export async function saveService(actor: StaffActor, id: string, input: z.output<typeof ServiceEdit>, { publish }: { publish: boolean }) {
  const existing = await getServiceForStaff(id);
  const data = {
    name: input.name,
    description: input.description,
    priceMinor: majorToMinor(input.price),
    priceGuarantee: input.priceGuarantee,
    timelineDescription: input.timelineDescription,
    status: publish ? 'published' : 'draft',
    publishedAt: publish ? (existing.publishedAt ?? new Date()) : existing.publishedAt,
  };
  await db.$transaction(async (tx) => {
    await tx.service.update({ where: { id }, data });
    await bumpRevision(tx);
    await recordAudit(tx, actor, publish ? 'service.publish' : 'service.save_draft', { type: 'service', id }, {
      previousPriceMinor: existing.priceMinor,
      priceMinor: data.priceMinor,
      previousStatus: existing.status,
    });
  });
  invalidateContentSnapshot();
}

export async function recentAuditEntries(limit = 100) {
  return db.auditLog.findMany({ orderBy: { createdAt: 'desc' }, take: limit });
}
