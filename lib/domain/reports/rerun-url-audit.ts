import { db } from '@/lib/db/client';
import { DomainError, notFound } from '../../core/errors';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import { openWebsiteAuditCommitment } from './queue-report';
import { transition } from './report-transitions';
import { enqueueUrlAudit } from './url-audit';

/**
 * Staff run a failed website audit again once the cause is fixed (the buyer's site is back, the buyer sent a
 * public address): `failed → queued` with a new job, in one transaction. The failure reason goes; the audit log
 * keeps it.
 */
export async function rerunUrlAudit(actor: StaffActor, token: string, now = new Date()): Promise<void> {
  const report = await db.report.findUnique({ where: { token }, select: { producer: true, status: true, failureReason: true } });
  if (!report) throw notFound('Report', token);
  if (report.producer !== 'system' || report.status !== 'failed') {
    throw new DomainError('TRANSITION_NOT_ALLOWED', `Only a failed website audit can be run again; this report is ${report.status}.`);
  }
  await transition(token, {
    from: 'failed',
    settled: ['queued', 'processing', 'ready'],
    where: { producer: 'system' },
    data: { status: 'queued', failureReason: null },
    then: async (tx, jobs) => {
      await enqueueUrlAudit(jobs, token, now);
      await openWebsiteAuditCommitment(tx, token, now);
      await recordAudit(tx, actor, 'report.rerun', { type: 'report', id: token }, { previousFailureReason: report.failureReason });
    },
  });
}
