import type { Faq as FaqRow } from '@/lib/generated/prisma/client';
import type { FaqItemData } from '../content-bundle';

export function faqRowData(item: FaqItemData) {
  return { serviceId: item.serviceId, category: item.category, question: item.question, answer: item.answer, order: item.order };
}

export function faqItemOf(row: FaqRow): FaqItemData {
  return {
    id: row.id,
    serviceId: row.serviceId,
    category: row.category as FaqItemData['category'],
    question: row.question,
    answer: row.answer,
    order: row.order,
  };
}
