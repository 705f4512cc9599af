import type { AuditResult } from '@/lib/website-audit/audit-page';
import { auditPage, failureReasonOf } from '@/lib/website-audit/audit-page';
import type { SafeFetchOptions } from '@/lib/website-audit/safe-fetch';
import { SafeFetchError } from '@/lib/guarded-fetch/safe-fetch-error';
import { db } from '@/lib/db/client';
import { componentLogger } from '@/lib/observability/logger.mjs';
import { reportIdOf } from '../webhooks/event-payloads';
import { describeJobError, PermanentJobError } from '../../jobs/job-errors';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import type { ReportStatus } from './report-record';
import { claimReportForProcessing, recordReportFailed, recordReportReady } from './report-transitions';

/**
 * How many attempts a page that fails for a passing reason (a timeout, a refused connection, a 503) gets before the
 * report fails with the buyer's sentence. The job itself has more attempts (job-types.ts) so that a worker killed
 * during the last fetch still leaves one to record the outcome.
 */
export const URL_AUDIT_FETCH_ATTEMPTS = 3;

/** The page the buyer asked us to audit, if the checkout named one: the website offer audit, which the system runs. */
export function urlToAuditOf(buyerInputs: unknown): string | null {
  const url = (buyerInputs as Record<string, unknown> | null)?.url_to_audit;
  return typeof url === 'string' && url.trim() !== '' ? url : null;
}

/** Writes the job that will produce a website audit, in the caller's transaction. */
export async function enqueueUrlAudit(jobs: JobEnqueuer, reportToken: string, now: Date): Promise<void> {
  // Due at the caller's `now`, not the wall clock: a caller on an injected clock must find its own job due.
  await jobs.enqueue({ type: 'reports.url-audit', payload: { reportToken }, runAt: now });
}

export interface UrlAuditRun {
  /** The job's attempt, 1-based: the last allowed one records a passing failure instead of retrying. */
  attempt: number;
  now?: () => Date;
  /** For tests and staging: which private hosts may be fetched (default AUDIT_ALLOWED_HOSTS) and the deadline. */
  fetchOptions?: SafeFetchOptions;
  /** The audit itself; tests replace it to stop a run half-way. */
  audit?: (url: string, options: SafeFetchOptions) => Promise<AuditResult>;
}

export type UrlAuditOutcome = 'ready' | 'failed' | 'already-finished';

// A job's error is kept in Job.lastError and written to the log: it names the report by its public id (the one webhooks
// carry), never by the token that opens it.
async function urlAuditTarget(token: string): Promise<{ status: ReportStatus; url: string }> {
  const report = await db.report.findUnique({ where: { token }, select: { producer: true, status: true, checkout: { select: { buyerInputs: true } } } });
  if (!report) throw new PermanentJobError(`Report ${reportIdOf(token)} does not exist.`);
  const url = urlToAuditOf(report.checkout.buyerInputs);
  if (report.producer !== 'system' || !url) throw new PermanentJobError(`Report ${reportIdOf(token)} is not a website audit; a consultant writes it.`);
  return { status: report.status as ReportStatus, url };
}

/**
 * The job behind a website offer audit: `queued → processing → ready | failed`. Safe to run again at any point:
 * a report already ready or failed is left alone, and a report left `processing` by an attempt that died (its
 * worker killed, its lease expired) is audited afresh: only this report's one job works on it, and recording
 * the outcome is a conditional write that succeeds once, so the report is never produced twice.
 *
 * A passing fetch failure (and a fault of ours) throws, so the runner retries after its backoff, until
 * URL_AUDIT_FETCH_ATTEMPTS; then, like any failure no retry can fix (a refused address, a 404, a PDF), the report
 * fails with the buyer's sentence and the firm is told. Errors while recording (the database) throw and are retried.
 */
export async function runUrlAudit(
  token: string,
  { attempt, now = () => new Date(), fetchOptions = {}, audit = auditPage }: UrlAuditRun,
): Promise<UrlAuditOutcome> {
  const target = await urlAuditTarget(token);
  const log = componentLogger('reports').child({ reportId: reportIdOf(token) });
  if (target.status === 'ready' || target.status === 'failed') return 'already-finished';
  if (target.status === 'queued') await claimReportForProcessing(token);

  let result: AuditResult;
  try {
    result = await audit(target.url, fetchOptions);
  } catch (error) {
    // Anything but a SafeFetchError is a fault of ours (a rule that crashed): worth another try, and worth keeping
    // visible to admins as the dead job's error once the report has failed.
    const ours = !(error instanceof SafeFetchError);
    if ((ours || error.transient) && attempt < URL_AUDIT_FETCH_ATTEMPTS) throw error;
    const recorded = await recordReportFailed(token, failureReasonOf(error, target.url), now());
    // The report's token opens it: the log names the job (its context), the report's public id and the outcome.
    log.warn({ err: error, attempt }, 'website audit failed; the report is failed');
    if (ours) throw new PermanentJobError(`The audit of report ${reportIdOf(token)} failed on our side: ${describeJobError(error)}`);
    return recorded ? 'failed' : 'already-finished';
  }
  const ready = await recordReportReady(token, { findings: result.findings, page: result.page }, { now: now() });
  if (ready) log.info({ findings: result.findings.length }, 'website audit done; the report is ready');
  return ready ? 'ready' : 'already-finished';
}
