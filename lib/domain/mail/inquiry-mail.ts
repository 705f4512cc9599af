import type { Inquiry as InquiryRow, Prisma } from '@/lib/generated/prisma/client';
import { inquiryAcknowledgement, inquiryNotice, type InquiryMailData, type MailSettings, type Urgency } from '@/lib/mail';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { stringArray } from '../../core/json-columns';
import { minorToMajor } from '../../core/money';
import { enqueueMail } from './outbox';

/** The inquiry as its messages show it; `serviceName` turns a wish (an id or a name) into the service's name. */
export function inquiryMailData(row: InquiryRow, supportTicket: string, serviceName: (wish: string) => string): InquiryMailData {
  // Budgets are BigInt columns; up to 10^11 minor units, exact as a number.
  const minor = (value: bigint | null) => (value === null ? null : minorToMajor(Number(value)));
  return {
    inquiryId: row.id,
    supportTicket,
    companyName: row.companyName,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    problemDescription: row.problemDescription,
    industry: row.industry,
    organizationSize: row.organizationSize,
    urgency: row.urgency as Urgency | null,
    preferredServices: stringArray(row.preferredServices, 'Inquiry.preferredServices').map(serviceName),
    budget: row.budgetCurrency ? { min: minor(row.budgetMinMinor), max: minor(row.budgetMaxMinor), currency: row.budgetCurrency } : null,
    timeline: row.timeline,
    submittedAt: row.submittedAt.toISOString(),
    estimatedResponse: row.estimatedResponseAt.toISOString(),
  };
}

/** The visitor's acknowledgement and the firm's notice, in the transaction that stores the inquiry. */
export async function enqueueInquiryMail(tx: Prisma.TransactionClient, jobs: JobEnqueuer, data: InquiryMailData, settings: MailSettings): Promise<void> {
  const about = { type: 'inquiry', id: data.inquiryId } as const;
  await enqueueMail(tx, jobs, { settings, about, render: (context) => inquiryAcknowledgement(data, context) });
  await enqueueMail(tx, jobs, { settings, about, render: (context) => inquiryNotice(data, context) });
}
