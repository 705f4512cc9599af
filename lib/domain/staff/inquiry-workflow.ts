import { INQUIRY_STATUSES } from '@/lib/contract/inquiries';

export type InquiryStatusValue = (typeof INQUIRY_STATUSES)[number];

/**
 * An inquiry moves one step at a time along submitted → reviewed → contacted → in-progress → closed,
 * and may be closed from any open state (spam, duplicates, a lost deal).
 */
export function allowedNextStatuses(from: InquiryStatusValue): InquiryStatusValue[] {
  if (from === 'closed') return [];
  const next = INQUIRY_STATUSES[INQUIRY_STATUSES.indexOf(from) + 1]!;
  return next === 'closed' ? ['closed'] : [next, 'closed'];
}

export function isAllowedTransition(from: InquiryStatusValue, to: InquiryStatusValue): boolean {
  return allowedNextStatuses(from).includes(to);
}
