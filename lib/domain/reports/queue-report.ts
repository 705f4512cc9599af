import { config } from '@/lib/config';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { newSecretToken } from '../../core/secret-tokens';
import { openCommitment } from '../commitments/commitment-records';
import { reportDeliveryDue, websiteAuditDue } from '../commitments/due-times';
import { activeConsultants, firmCalendar } from '../scheduling/firm-calendar';
import type { ReportProducer } from './report-record';
import { enqueueUrlAudit, urlToAuditOf } from './url-audit';

type Tx = Prisma.TransactionClient;

/**
 * Creates the queued report of a paid audit, in the transaction that completes its checkout. A checkout naming a
 * page to audit gets the website audit's job in the same transaction, so a paid audit can never lack its job;
 * any other audit (local visibility) waits for a consultant in /staff/reports. Either way the report's commitment is
 * written with it: the consultant's report is due its service's delivery time after payment, the website audit within
 * WEBSITE_AUDIT_EXPECTED_MINUTES.
 */
export async function queueReport(tx: Tx, jobs: JobEnqueuer, checkout: { token: string; serviceId: string; buyerInputs: unknown }, now: Date): Promise<string> {
  const { token, digest } = newSecretToken();
  const producer: ReportProducer = urlToAuditOf(checkout.buyerInputs) ? 'system' : 'consultant';
  await tx.report.create({
    data: { token, tokenDigest: digest, checkoutToken: checkout.token, serviceId: checkout.serviceId, producer, createdAt: now },
  });
  if (producer === 'system') {
    await enqueueUrlAudit(jobs, token, now);
    await openWebsiteAuditCommitment(tx, token, now);
  } else {
    const service = await tx.service.findUnique({ where: { id: checkout.serviceId }, select: { timelineMaxWeeks: true } });
    const dueAt = reportDeliveryDue(now, service?.timelineMaxWeeks ?? 1, firmCalendar(await activeConsultants(tx)));
    await openCommitment(tx, { kind: 'report-delivery', subject: { reportToken: token }, dueAt, now });
  }
  return token;
}

/** A website audit queued now (paid, or run again) should be ready within the expected minutes. */
export async function openWebsiteAuditCommitment(tx: Tx, reportToken: string, now: Date): Promise<void> {
  const dueAt = websiteAuditDue(now, config().WEBSITE_AUDIT_EXPECTED_MINUTES);
  await openCommitment(tx, { kind: 'website-audit', subject: { reportToken }, dueAt, now });
}
