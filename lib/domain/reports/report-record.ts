import type { ReportFindingBody, ReportRecordBody, ReportSummaryBody } from '@/lib/contract/checkout';
import { ReportFinding, ReportSummary } from '@/lib/contract/checkout';
import { db } from '@/lib/db/client';
import type { Report as ReportRow } from '@/lib/generated/prisma/client';
import { countBySeverity, orderBySeverity } from '@/lib/report-findings';
import { DomainError } from '../../core/errors';
import { findBySecretToken } from '../../core/secret-tokens';

export type ReportStatus = ReportRecordBody['status'];

/** Who writes a report: the system runs the website offer audit; a consultant writes the local-visibility audit. */
export type ReportProducer = 'system' | 'consultant';

export const StoredFindings = ReportFinding.array();

/** Json columns hold what recordReportReady validated; anything else in them is a data bug, so fail loudly. */
export function findingsOf(row: Pick<ReportRow, 'findings'>): ReportFindingBody[] {
  return orderBySeverity(StoredFindings.parse(row.findings ?? []));
}

function summaryOf(row: ReportRow, findings: ReportFindingBody[]): ReportSummaryBody {
  return row.summary ? ReportSummary.parse(row.summary) : { counts: countBySeverity(findings), page: null };
}

/** A report as /v1/reports/{token} shows it: findings and summary once ready, the reason once failed. */
export function reportRecordOf(report: ReportRow): ReportRecordBody {
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

/** A purchased audit's report: queued when its checkout completes; findings and summary once ready, the reason once failed. */
export async function getReport(token: string): Promise<ReportRecordBody> {
  const report = await findBySecretToken(
    token,
    (tokenDigest) => db.report.findUnique({ where: { tokenDigest } }),
    (row) => row.tokenDigest,
  );
  // The token is the secret: it is not echoed, and every unknown one gets these same words.
  if (!report) throw new DomainError('NOT_FOUND', 'No report has this token. Check the link you were given.');
  return reportRecordOf(report);
}
