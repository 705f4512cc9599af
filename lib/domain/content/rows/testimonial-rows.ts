import type { Testimonial as TestimonialRow } from '@/lib/generated/prisma/client';
import { isoDate } from '../../../core/dates';
import type { TestimonialItemData } from '../content-bundle';

export function testimonialRowData(item: TestimonialItemData) {
  return {
    serviceId: item.serviceId,
    clientName: item.clientName,
    clientRole: item.clientRole,
    clientCompany: item.clientCompany,
    content: item.content,
    rating: item.rating,
    date: item.date === null ? null : new Date(`${item.date}T00:00:00Z`),
  };
}

export function testimonialItemOf(row: TestimonialRow): TestimonialItemData {
  return {
    id: row.id,
    serviceId: row.serviceId,
    clientName: row.clientName,
    clientRole: row.clientRole,
    clientCompany: row.clientCompany,
    content: row.content,
    rating: row.rating,
    date: isoDate(row.date),
  };
}
