import { DateTime } from 'luxon';
import { config } from '@/lib/config';
import type { InquiryInput, InquiryResponseBody } from '@/lib/contract/inquiries';
import { contentSnapshot } from '../content/snapshot';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { enqueueInquiryMail, inquiryMailData } from '../mail/inquiry-mail';
import { inquiryRecordOf } from './inquiry-record';
import { loadMailSettings } from '../mail/mail-settings';
import { majorToMinor } from '../../core/money';
import { addBusinessHours } from '../scheduling/business-time';
import { activeConsultants, firmCalendar } from '../scheduling/firm-calendar';
import { opaqueId } from '../../core/tokens';
import { countVisitorConversion } from '../analytics/conversions';
import { recordWebhookEvent } from '../webhooks/record-event';
import { openCommitment } from '../commitments/commitment-records';

type Urgency = NonNullable<InquiryInput['urgency']>;

/** How many business hours we take to answer, by urgency (no urgency counts as medium). */
export const RESPONSE_BUSINESS_HOURS: Record<Urgency, number> = { critical: 4, high: 8, medium: 16, low: 24 };

/** TOC-<year of submission, firm time>-<sequence>: readable on the phone, unique because the sequence is the table's key. */
export function supportTicket(number: number, submittedAt: Date): string {
  const year = DateTime.fromJSDate(submittedAt, { zone: config().FIRM_TIME_ZONE }).year;
  return `TOC-${year}-${String(number).padStart(5, '0')}`;
}

async function nextSteps(inquiry: InquiryInput, estimatedResponse: Date): Promise<string[]> {
  const { content } = await contentSnapshot();
  const when = DateTime.fromJSDate(estimatedResponse, { zone: config().FIRM_TIME_ZONE }).toFormat("cccc d LLLL 'at' h:mm a ZZZZ");
  const steps: string[] = [];
  if (inquiry.urgency === 'critical') {
    steps.push(`A partner reviews your inquiry first and contacts ${inquiry.phone ? `you at ${inquiry.phone}` : inquiry.email} by ${when}.`);
  } else {
    steps.push(`A consultant reads your description and replies to ${inquiry.email} by ${when}.`);
  }
  const wanted = (inquiry.preferredServices ?? []).map((wish) => wish.trim().toLowerCase());
  const matched = content.services.filter((s) => wanted.includes(s.id) || wanted.includes(s.name.toLowerCase()));
  for (const service of matched) {
    steps.push(
      service.ctaType === 'stripe'
        ? `${service.name} can also be bought directly at /services/${service.id}; we will tell you if it fits your situation.`
        : `We will prepare a scoping outline for ${service.name} before the first call.`,
    );
  }
  if (matched.length === 0) steps.push('We will suggest the service that fits your constraint, or tell you honestly if none does.');
  if (inquiry.urgency !== 'critical') steps.push('If you would rather talk sooner, book a consultation at /book.');
  return steps;
}

/** A wish names a service by id or by name; messages show the service's name, or the wish as the visitor wrote it. */
async function serviceNamer(): Promise<(wish: string) => string> {
  const { content } = await contentSnapshot();
  return (wish) => {
    const wanted = wish.trim().toLowerCase();
    return content.services.find((s) => s.id === wanted || s.name.toLowerCase() === wanted)?.name ?? wish;
  };
}

/**
 * Persists an inquiry (status `submitted`) and tells the visitor what happens next and when. The visitor's
 * acknowledgement, the firm's notice and the commitment to reply by estimatedResponse are stored in the same
 * transaction; the messages are sent by jobs.
 */
export async function submitInquiry(inquiry: InquiryInput, now = new Date()): Promise<InquiryResponseBody> {
  const submittedAt = now;
  const calendar = firmCalendar(await activeConsultants());
  const estimatedResponseAt = addBusinessHours(submittedAt, RESPONSE_BUSINESS_HOURS[inquiry.urgency ?? 'medium'], calendar);
  const [settings, serviceName] = await Promise.all([loadMailSettings(now), serviceNamer()]);
  const { record, ticket } = await transactionWithJobs(async (tx, jobs) => {
    const row = await tx.inquiry.create({
      data: {
        id: opaqueId('inq'),
        companyName: inquiry.companyName,
        contactName: inquiry.contactName,
        email: inquiry.email,
        phone: inquiry.phone ?? null,
        problemDescription: inquiry.problemDescription,
        industry: inquiry.industry ?? null,
        organizationSize: inquiry.organizationSize ?? null,
        urgency: inquiry.urgency ?? null,
        preferredServices: inquiry.preferredServices ?? [],
        budgetMinMinor: inquiry.budget?.min != null ? majorToMinor(inquiry.budget.min) : null,
        budgetMaxMinor: inquiry.budget?.max != null ? majorToMinor(inquiry.budget.max) : null,
        budgetCurrency: inquiry.budget ? (inquiry.budget.currency ?? 'USD') : null,
        timeline: inquiry.timeline ?? null,
        status: 'submitted',
        submittedAt,
        estimatedResponseAt,
      },
    });
    const supportTicketText = supportTicket(row.number, submittedAt);
    // The reply promised in the answer, watched until someone keeps it (docs/staff.md, Commitments).
    await openCommitment(tx, { kind: 'inquiry-reply', subject: { inquiryNumber: row.number }, dueAt: estimatedResponseAt, now });
    // Read once in its public shape: the event carries it as it is, the messages with the services' names.
    const stored = inquiryRecordOf(row, supportTicketText);
    await enqueueInquiryMail(tx, jobs, inquiryMailData(stored, serviceName), settings);
    await recordWebhookEvent(tx, jobs, 'inquiry.created', stored, submittedAt);
    return { record: row, ticket: supportTicketText };
  });
  await countVisitorConversion('inquiry_submitted', {}, now);
  return {
    id: record.id,
    message: `Thank you, ${inquiry.contactName}. We have received your inquiry about ${inquiry.companyName}; your ticket is ${ticket}.`,
    nextSteps: await nextSteps(inquiry, estimatedResponseAt),
    estimatedResponse: estimatedResponseAt.toISOString(),
    supportTicket: ticket,
  };
}
