import type { AuditedPageBody, ReportFindingBody, ReportRecordBody, ReportSummaryBody } from '@/lib/contract/checkout';
import { ReportFinding, ReportSummary } from '@/lib/contract/checkout';
import { db } from '@/lib/db/client';
import type { Prisma, Report as ReportRow } from '@/lib/generated/prisma/client';
import { countBySeverity, orderBySeverity } from '@/lib/report-findings';
import { DomainError, notFound } from './errors';

type ReportStatus = ReportRecordBody['status'];

/** What a finished audit hands over: its findings and, for a website audit, the page it examined. */
export interface FinishedAudit {
  findings: ReportFindingBody[];
  page?: AuditedPageBody | null;
}

const StoredFindings = ReportFinding.array();

/** Json columns hold what recordReportReady validated; anything else in them is a data bug, so fail loudly. */
function findingsOf(row: ReportRow): ReportFindingBody[] {
  return orderBySeverity(StoredFindings.parse(row.findings ?? []));
}

function summaryOf(row: ReportRow, findings: ReportFindingBody[]): ReportSummaryBody {
  return row.summary ? ReportSummary.parse(row.summary) : { counts: countBySeverity(findings), page: null };
}

/** A purchased audit's report: queued when its checkout completes; findings and summary once ready, the reason once failed. */
export async function getReport(token: string): Promise<ReportRecordBody> {
  const report = await db.report.findUnique({ where: { token } });
  if (!report) throw notFound('Report', token);
  const status = report.status as ReportStatus;
  const findings = status === 'ready' ? findingsOf(report) : null;
  return {
    token: report.token,
    status,
    serviceId: report.serviceId,
    createdAt: report.createdAt.toISOString(),
    readyAt: status === 'ready' ? (report.readyAt?.toISOString() ?? null) : null,
    failureReason: status === 'failed' ? (report.failureReason ?? 'The report could not be produced.') : null,
    findings,
    summary: findings ? summaryOf(report, findings) : null,
  };
}

/**
 * Moves a report from `from` to its next state in one conditional write, so concurrent workers cannot both
 * win. Returns true when this call made the move; false when the report had already left `from` for a state
 * that `settled` lists (a repeated call: nothing changes). Any other state is a caller bug and throws.
 */
async function transition(
  token: string,
  from: ReportStatus,
  settled: ReportStatus[],
  data: Prisma.ReportUpdateManyMutationInput & { status: ReportStatus },
): Promise<boolean> {
  const { count } = await db.report.updateMany({ where: { token, status: from }, data });
  if (count === 1) return true;
  const report = await db.report.findUnique({ where: { token }, select: { status: true } });
  if (!report) throw notFound('Report', token);
  if (settled.includes(report.status as ReportStatus)) return false;
  throw new DomainError('TRANSITION_NOT_ALLOWED', `Report '${token}' is ${report.status}; it cannot move from ${from} to ${data.status}.`, {
    status: report.status,
  });
}

/** A worker takes a queued report: `queued → processing`. False when another worker (or an earlier run) already took it. */
export async function claimReportForProcessing(token: string): Promise<boolean> {
  return transition(token, 'queued', ['processing', 'ready', 'failed'], { status: 'processing' });
}

/**
 * Stores a finished audit: `processing → ready`, findings ordered by severity and the summary counted from
 * them. Idempotent: a second call for a report already ready (or failed) changes nothing and returns false.
 */
export async function recordReportReady(token: string, audit: FinishedAudit, options: { now?: Date } = {}): Promise<boolean> {
  const findings = orderBySeverity(StoredFindings.parse(audit.findings));
  const summary: ReportSummaryBody = ReportSummary.parse({ counts: countBySeverity(findings), page: audit.page ?? null });
  return transition(token, 'processing', ['ready', 'failed'], {
    status: 'ready',
    findings: findings as Prisma.InputJsonValue,
    summary: summary as Prisma.InputJsonValue,
    failureReason: null,
    readyAt: options.now ?? new Date(),
  });
}

/**
 * Stores why an audit could not be produced: `processing → failed` with a sentence for the buyer.
 * Idempotent like recordReportReady: the first outcome recorded stands.
 */
export async function recordReportFailed(token: string, reason: string): Promise<boolean> {
  const failureReason = reason.trim();
  if (failureReason === '') throw new Error('A failed report needs a reason the buyer can read');
  return transition(token, 'processing', ['ready', 'failed'], { status: 'failed', failureReason });
}
