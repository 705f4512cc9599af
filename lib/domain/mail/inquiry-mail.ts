import type { Prisma } from '@/lib/generated/prisma/client';
import { inquiryAcknowledgement, inquiryNotice, type InquiryMailData, type MailSettings } from '@/lib/mail';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import type { InquiryRecord } from '../inquiries/inquiry-record';
import { enqueueMail } from './outbox';

/** The inquiry as its messages show it; `serviceName` turns a wish (an id or a name) into the service's name. */
export function inquiryMailData(inquiry: InquiryRecord, serviceName: (wish: string) => string): InquiryMailData {
  const { id, status: _status, preferredServices, ...shown } = inquiry;
  return { inquiryId: id, ...shown, preferredServices: preferredServices?.map(serviceName) };
}

/** The visitor's acknowledgement and the firm's notice, in the transaction that stores the inquiry. */
export async function enqueueInquiryMail(tx: Prisma.TransactionClient, jobs: JobEnqueuer, data: InquiryMailData, settings: MailSettings): Promise<void> {
  const about = { type: 'inquiry', id: data.inquiryId } as const;
  await enqueueMail(tx, jobs, { settings, about, render: (context) => inquiryAcknowledgement(data, context) });
  await enqueueMail(tx, jobs, { settings, about, render: (context) => inquiryNotice(data, context) });
}
