import type { Prisma } from '@/lib/generated/prisma/client';
import { reportFailedNotice, type MailSettings } from '@/lib/mail';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { enqueueMail } from './outbox';

/**
 * "A paid report failed", to FIRM_INBOX_EMAIL, in the transaction that records the failure (settings loaded before it
 * opens, with `loadMailSettings`). A report fails at most once per run, and a re-run that fails again is a new event
 * worth a new message.
 */
export async function enqueueReportFailedNotice(
  tx: Prisma.TransactionClient,
  jobs: JobEnqueuer,
  report: { token: string; failureReason: string },
  settings: MailSettings,
): Promise<string> {
  const stored = await tx.report.findUniqueOrThrow({
    where: { token: report.token },
    select: { checkout: { select: { serviceName: true, buyerEmail: true } } },
  });
  return enqueueMail(tx, jobs, {
    settings,
    about: { type: 'report', id: report.token },
    render: (context) =>
      reportFailedNotice(
        { reportToken: report.token, serviceName: stored.checkout.serviceName, failureReason: report.failureReason, buyerEmail: stored.checkout.buyerEmail },
        context,
      ),
  });
}
