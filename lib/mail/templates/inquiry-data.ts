import { formatMoney } from '@/lib/format';
import type { FactRow } from './blocks';
import { longTime } from './mail-time';

export type Urgency = 'low' | 'medium' | 'high' | 'critical';

/** An inquiry as the messages about it need it: plain values, times as ISO strings. */
export interface InquiryMailData {
  inquiryId: string;
  supportTicket: string;
  companyName: string;
  contactName: string;
  email: string;
  phone?: string | null;
  problemDescription: string;
  industry?: string | null;
  organizationSize?: string | null;
  urgency?: Urgency | null;
  /** Service names (or the ids the visitor gave when no service matched). */
  preferredServices?: string[] | null;
  budget?: { min?: number | null; max?: number | null; currency?: string | null } | null;
  timeline?: string | null;
  submittedAt: string;
  /** When we promised to have replied. */
  estimatedResponse: string;
}

export function budgetText(budget: InquiryMailData['budget']): string | null {
  if (!budget || (budget.min == null && budget.max == null)) return null;
  const currency = budget.currency ?? 'USD';
  const money = (amount: number) => formatMoney(amount, currency).replace(/\.00$/, '');
  if (budget.min != null && budget.max != null) return `${money(budget.min)} to ${money(budget.max)}`;
  return budget.min != null ? `from ${money(budget.min)}` : `up to ${money(budget.max!)}`;
}

/** What the visitor told us, as rows: the same in the acknowledgement and in the staff notice. */
export function inquiryFacts(inquiry: InquiryMailData, timeZone: string): Array<Omit<FactRow, 'value'> & { value: string | null | undefined }> {
  return [
    { label: 'Ticket', value: inquiry.supportTicket },
    { label: 'Company', value: inquiry.companyName },
    { label: 'Contact', value: inquiry.contactName },
    { label: 'Email', value: inquiry.email },
    { label: 'Phone', value: inquiry.phone },
    { label: 'Industry', value: inquiry.industry },
    { label: 'Company size', value: inquiry.organizationSize },
    { label: 'Urgency', value: inquiry.urgency ?? 'not given' },
    { label: 'Services', value: inquiry.preferredServices?.join(', ') },
    { label: 'Budget', value: budgetText(inquiry.budget) },
    { label: 'Timeline', value: inquiry.timeline },
    { label: 'Sent', value: longTime(inquiry.submittedAt, timeZone) },
  ];
}
