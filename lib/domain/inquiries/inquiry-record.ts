import type { InquiryInput } from '@/lib/contract/inquiries';
import type { WebhookEventData } from '@/lib/contract/webhook-events';
import type { Inquiry as InquiryRow } from '@/lib/generated/prisma/client';
import { stringArray } from '../../core/json-columns';
import { minorToMajor } from '../../core/money';

/** A stored inquiry in its public shape: the `inquiry.created` event's payload, and what its messages show. */
export type InquiryRecord = WebhookEventData<'inquiry.created'>;

/** The stored inquiry as the contract shows it, read once from its row for its messages and its event alike. */
export function inquiryRecordOf(row: InquiryRow, supportTicket: string): InquiryRecord {
  // Budgets are BigInt columns; up to 10^11 minor units, exact as a number.
  const major = (value: bigint | null) => (value === null ? null : minorToMajor(Number(value)));
  return {
    id: row.id,
    companyName: row.companyName,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    problemDescription: row.problemDescription,
    industry: row.industry,
    organizationSize: row.organizationSize as InquiryInput['organizationSize'],
    urgency: row.urgency as InquiryInput['urgency'],
    preferredServices: stringArray(row.preferredServices, 'Inquiry.preferredServices'),
    budget: row.budgetCurrency ? { min: major(row.budgetMinMinor), max: major(row.budgetMaxMinor), currency: row.budgetCurrency } : null,
    timeline: row.timeline,
    submittedAt: row.submittedAt.toISOString(),
    status: row.status as InquiryRecord['status'],
    supportTicket,
    estimatedResponse: row.estimatedResponseAt.toISOString(),
  };
}
