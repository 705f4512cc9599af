import type { Prisma } from '@/lib/generated/prisma/client';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { newSecretToken } from '../../core/secret-tokens';
import type { ReportProducer } from './report-record';
import { enqueueUrlAudit, urlToAuditOf } from './url-audit';

/**
 * Creates the queued report of a paid audit, in the transaction that completes its checkout. A checkout naming a
 * page to audit gets the website audit's job in the same transaction, so a paid audit can never lack its job;
 * any other audit (local visibility) waits for a consultant in /staff/reports.
 */
export async function queueReport(
  tx: Prisma.TransactionClient,
  jobs: JobEnqueuer,
  checkout: { token: string; serviceId: string; buyerInputs: unknown },
  now: Date,
): Promise<string> {
  const { token, digest } = newSecretToken();
  const producer: ReportProducer = urlToAuditOf(checkout.buyerInputs) ? 'system' : 'consultant';
  await tx.report.create({ data: { token, tokenDigest: digest, checkoutToken: checkout.token, serviceId: checkout.serviceId, producer } });
  if (producer === 'system') await enqueueUrlAudit(jobs, token, now);
  return token;
}
