import { FaqItem } from '../../content/content-bundle';
import type { FaqItemData } from '../../content/content-bundle';
import { faqItemOf, faqRowData } from '../../content/rows/faq-rows';
import type { ContentType } from '../content-type';
import { publishedAtOnPublish, withRow } from './row-helpers';
import { serviceReferenceIssues } from './service-reference';

export const faqType: ContentType<FaqItemData> = {
  type: 'faq',
  segment: 'faqs',
  label: 'FAQ',
  pluralLabel: 'FAQs',
  noun: 'FAQ',
  area: 'content',
  schema: FaqItem,
  creatable: true,
  hideable: true,
  itemId: (item) => item.id,
  title: (item) => item.question,

  async readLive(tx, id) {
    const row = await tx.faq.findUnique({ where: { id } });
    return row && { item: faqItemOf(row), published: row.status === 'published', since: row.publishedAt };
  },

  async listLive(tx) {
    const rows = await tx.faq.findMany({
      include: { service: { select: { name: true } } },
      orderBy: [{ serviceId: 'asc' }, { category: 'asc' }, { order: 'asc' }, { id: 'asc' }],
    });
    return rows.map((row) => ({
      id: row.id,
      title: row.question,
      published: row.status === 'published',
      group: `${row.service?.name ?? 'The firm'} · ${row.category}`,
    }));
  },

  async writeLive(tx, id, item, now) {
    const existing = await tx.faq.findUnique({ where: { id }, select: { status: true, publishedAt: true } });
    const data = { ...faqRowData(item), status: 'published', publishedAt: publishedAtOnPublish(existing, now) };
    await tx.faq.upsert({ where: { id }, create: { id, ...data }, update: data });
  },

  async hide(tx, id) {
    await tx.faq.update({ where: { id }, data: { status: 'draft' } });
  },

  referenceIssues: (tx, item) => serviceReferenceIssues(tx, item.serviceId),

  // The firm's own FAQs are served by no page yet, only service FAQs are.
  sitePath: (item) => (item.serviceId ? `/services/${item.serviceId}` : null),

  overlay(rows, item, now) {
    const existing = rows.faqs.find((row) => row.id === item.id);
    const publishedAt = existing?.status === 'published' ? existing.publishedAt : null;
    rows.faqs = withRow(rows.faqs, { ...faqRowData(item), id: item.id, status: 'published', publishedAt, updatedAt: now });
    return {};
  },
};
