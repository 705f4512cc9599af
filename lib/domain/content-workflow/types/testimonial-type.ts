import { TestimonialItem } from '../../content/content-bundle';
import type { TestimonialItemData } from '../../content/content-bundle';
import { testimonialItemOf, testimonialRowData } from '../../content/rows/testimonial-rows';
import type { ContentType } from '../content-type';
import { withRow } from './row-helpers';
import { statusTableLife } from './status-table';
import { serviceReferenceIssues } from './service-reference';

export const testimonialType: ContentType<TestimonialItemData> = {
  type: 'testimonial',
  segment: 'testimonials',
  label: 'Testimonial',
  pluralLabel: 'Testimonials',
  noun: 'testimonial',
  area: 'content',
  schema: TestimonialItem,
  creatable: true,
  itemId: (item) => item.id,
  title: (item) => [item.clientName, item.clientCompany].filter(Boolean).join(', '),

  ...statusTableLife({ table: (tx) => tx.testimonial, itemOf: testimonialItemOf, rowData: testimonialRowData }),

  async listLive(tx) {
    const rows = await tx.testimonial.findMany({
      include: { service: { select: { name: true } } },
      orderBy: [{ serviceId: 'asc' }, { date: 'desc' }, { id: 'asc' }],
    });
    return rows.map((row) => ({
      id: row.id,
      title: [row.clientName, row.clientCompany].filter(Boolean).join(', '),
      published: row.status === 'published',
      group: row.service?.name ?? 'The firm',
      detail: row.rating === null ? undefined : `${row.rating} of 5`,
    }));
  },

  referenceIssues: (tx, item) => serviceReferenceIssues(tx, item.serviceId),

  // Quotes without a service appear on the home and about pages.
  sitePath: (item) => (item.serviceId ? `/services/${item.serviceId}` : '/'),

  overlay(rows, item, now) {
    const existing = rows.testimonials.find((row) => row.id === item.id);
    const publishedAt = existing?.status === 'published' ? existing.publishedAt : null;
    rows.testimonials = withRow(rows.testimonials, { ...testimonialRowData(item), id: item.id, status: 'published', publishedAt, updatedAt: now });
    return {};
  },
};
