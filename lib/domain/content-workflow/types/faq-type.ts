import { FaqItem } from '../../content/content-bundle';
import type { FaqItemData } from '../../content/content-bundle';
import { faqItemOf, faqRowData } from '../../content/rows/faq-rows';
import type { ContentType } from '../content-type';
import { withRow } from './row-helpers';
import { statusTableLife } from './status-table';
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
  itemId: (item) => item.id,
  title: (item) => item.question,

  ...statusTableLife({ table: (tx) => tx.faq, itemOf: faqItemOf, rowData: faqRowData }),

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
