import type { AuditedPageBody, ReportFindingBody, ReportSummaryBody } from '@/lib/contract/checkout';
import { ReportSummary } from '@/lib/contract/checkout';
import { db } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { countBySeverity, orderBySeverity } from '@/lib/report-findings';
import { DomainError, notFound } from '../../core/errors';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { loadMailSettings } from '../mail/mail-settings';
import { keepCommitments, voidCommitments } from '../commitments/commitment-records';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import { notifyFirmOfFailedReport, onReportReady } from './report-notifications';
import type { ReportStatus } from './report-record';
import { StoredFindings } from './report-record';

type Tx = Prisma.TransactionClient;

/** What a finished audit hands over: its findings and, for a website audit, the page it examined. */
export interface FinishedAudit {
  findings: ReportFindingBody[];
  page?: AuditedPageBody | null;
}

interface Transition {
  from: ReportStatus;
  /** States meaning "already done": a repeated call returns false instead of throwing. */
  settled: ReportStatus[];
  data: Prisma.ReportUncheckedUpdateManyInput & { status: ReportStatus };
  /** Further conditions on the row (e.g. the consultant who claimed it). */
  where?: Prisma.ReportWhereInput;
  /** Runs in the same transaction, only when this call made the move. */
  then?: (tx: Tx, jobs: JobEnqueuer, report: { token: string; serviceId: string }) => Promise<void>;
}

/**
 * Moves a report from `from` to its next state in one conditional write, so concurrent workers cannot both
 * win; `then` (notifications, audit entries, follow-up jobs) commits with the move or not at all. Returns true
 * when this call made the move; false when the report had already left `from` for a state that `settled`
 * lists (a repeated call: nothing changes). Any other state is a caller bug and throws.
 */
export async function transition(token: string, { from, settled, data, where = {}, then }: Transition): Promise<boolean> {
  const moved = await transactionWithJobs(async (tx, jobs) => {
    const { count } = await tx.report.updateMany({ where: { ...where, token, status: from }, data });
    if (count !== 1) return false;
    if (then) {
      const { serviceId } = await tx.report.findUniqueOrThrow({ where: { token }, select: { serviceId: true } });
      await then(tx, jobs, { token, serviceId });
    }
    return true;
  });
  if (moved) return true;
  const report = await db.report.findUnique({ where: { token }, select: { status: true } });
  if (!report) throw notFound('Report', token);
  if (settled.includes(report.status as ReportStatus)) return false;
  throw new DomainError('TRANSITION_NOT_ALLOWED', `Report '${token}' is ${report.status}; it cannot move from ${from} to ${data.status}.`, {
    status: report.status,
  });
}

/** A worker takes a queued report: `queued → processing`. False when another worker (or an earlier run) already took it. */
export async function claimReportForProcessing(token: string): Promise<boolean> {
  return transition(token, { from: 'queued', settled: ['processing', 'ready', 'failed'], data: { status: 'processing' } });
}

export interface ReadyOptions {
  now?: Date;
  /** A consultant publishing: only the one who claimed the report may, and the audit log names them. */
  publishedBy?: StaffActor;
}

/**
 * Stores a finished audit: `processing → ready`, findings ordered by severity and the summary counted from
 * them, the consultant's draft cleared. Idempotent: a second call for a report already ready (or failed)
 * changes nothing and returns false. The one path to `ready`, so onReportReady runs exactly once per report.
 */
export async function recordReportReady(token: string, audit: FinishedAudit, { now = new Date(), publishedBy }: ReadyOptions = {}): Promise<boolean> {
  const findings = orderBySeverity(StoredFindings.parse(audit.findings));
  const summary: ReportSummaryBody = ReportSummary.parse({ counts: countBySeverity(findings), page: audit.page ?? null });
  const settings = await loadMailSettings(now);
  return transition(token, {
    from: 'processing',
    settled: ['ready', 'failed'],
    where: publishedBy ? { claimedById: publishedBy.id } : {},
    data: {
      status: 'ready',
      findings: findings as Prisma.InputJsonValue,
      summary: summary as Prisma.InputJsonValue,
      failureReason: null,
      readyAt: now,
      draftFindings: Prisma.DbNull,
    },
    then: async (tx, jobs, report) => {
      if (publishedBy) await recordAudit(tx, publishedBy, 'report.publish', { type: 'report', id: token }, { findings: findings.length });
      await keepCommitments(
        tx,
        { reportToken: token },
        ['report-delivery', 'website-audit'],
        now,
        publishedBy ? { staff: publishedBy, note: 'published' } : { name: 'the website audit', note: 'ready' },
      );
      await onReportReady(tx, jobs, report, settings);
    },
  });
}

/**
 * Stores why an audit could not be produced: `processing → failed` with a sentence for the buyer, and tells the
 * firm. Idempotent like recordReportReady: the first outcome recorded stands. The audit is no longer stuck, so its
 * commitment is void (the failure notice asks staff to act; running it again opens a new one).
 */
export async function recordReportFailed(token: string, reason: string, now = new Date()): Promise<boolean> {
  const failureReason = reason.trim();
  if (failureReason === '') throw new Error('A failed report needs a reason the buyer can read');
  const settings = await loadMailSettings(now);
  return transition(token, {
    from: 'processing',
    settled: ['ready', 'failed'],
    data: { status: 'failed', failureReason },
    then: async (tx, jobs, report) => {
      await voidCommitments(tx, { reportToken: token }, ['website-audit'], now, { name: 'the website audit', note: `failed: ${failureReason}` });
      await notifyFirmOfFailedReport(tx, jobs, { ...report, failureReason }, settings);
    },
  });
}
