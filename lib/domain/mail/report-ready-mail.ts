import type { Prisma } from '@/lib/generated/prisma/client';
import { reportReady, type MailSettings, type ReportReadyMailData } from '@/lib/mail';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { reportIdOf } from '../webhooks/event-payloads';
import { enqueueMail } from './outbox';

type FindingCounts = NonNullable<ReportReadyMailData['findingCounts']>;

/** Findings by severity, when the stored findings are the list the contract publishes; else none. */
function countFindings(findings: unknown): FindingCounts | null {
  if (!Array.isArray(findings)) return null;
  const counts: FindingCounts = { critical: 0, major: 0, minor: 0, info: 0 };
  for (const finding of findings) {
    const severity = (finding as { severity?: unknown } | null)?.severity;
    if (typeof severity === 'string' && Object.hasOwn(counts, severity)) counts[severity as keyof FindingCounts] += 1;
  }
  return counts;
}

/**
 * "Your report is ready", for the reports work to call in the transaction that makes report `reportToken` ready
 * (settings loaded before it opens, with `loadMailSettings`). Sent to the address the buyer gave at payment; without
 * one there is nobody to tell, and it resolves null. Called again for the same report (a retried job), it stores
 * nothing new and resolves the first message's id.
 */
export async function enqueueReportReadyMail(
  tx: Prisma.TransactionClient,
  jobs: JobEnqueuer,
  reportToken: string,
  settings: MailSettings,
): Promise<string | null> {
  const report = await tx.report.findUnique({
    where: { token: reportToken },
    select: { token: true, findings: true, checkout: { select: { serviceName: true, buyerEmail: true, buyerName: true } } },
  });
  // Named by its public id: this error can end up in a job's lastError and the log, where the token must not.
  if (!report) throw new Error(`Report ${reportIdOf(reportToken)} does not exist.`);
  if (!report.checkout.buyerEmail) return null;
  const earlier = await tx.outboxMessage.findFirst({ where: { kind: 'report-ready', aboutType: 'report', aboutId: reportToken }, select: { id: true } });
  if (earlier) return earlier.id;
  const data: ReportReadyMailData = {
    to: { name: report.checkout.buyerName, email: report.checkout.buyerEmail },
    reportToken: report.token,
    serviceName: report.checkout.serviceName,
    findingCounts: countFindings(report.findings),
  };
  return enqueueMail(tx, jobs, { settings, about: { type: 'report', id: reportToken }, render: (context) => reportReady(data, context) });
}
