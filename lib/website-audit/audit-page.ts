import type { AuditedPageBody, ReportSummaryBody } from '@/lib/contract/checkout';
import { countBySeverity, orderBySeverity } from '@/lib/report-findings';
import type { AuditFinding } from './finding';
import { parsePage } from './parsed-page';
import { AUDIT_RULES } from './rules';
import type { FetchedPage, SafeFetchOptions } from './safe-fetch';
import { safeFetch } from './safe-fetch';
import { SafeFetchError } from '../guarded-fetch/safe-fetch-error';

export interface AuditResult {
  /** Worst first; each rule contributes at most one finding, with a stable id. */
  findings: AuditFinding[];
  summary: ReportSummaryBody;
  page: AuditedPageBody;
}

function auditedPage(fetched: FetchedPage): AuditedPageBody {
  return {
    requestedUrl: fetched.requestedUrl,
    finalUrl: fetched.finalUrl,
    redirectCount: fetched.redirects.length,
    fetchMs: fetched.totalMs,
    timeToFirstByteMs: fetched.timeToFirstByteMs,
    bytes: fetched.bytes,
    truncated: fetched.truncated,
    https: fetched.https,
  };
}

/** Runs every rule over a page already fetched. Pure: the same page gives the same findings. */
export async function auditFetchedPage(fetched: FetchedPage): Promise<AuditResult> {
  const parsed = await parsePage(fetched.body, {
    finalUrl: fetched.finalUrl,
    https: fetched.https,
    bytes: fetched.bytes,
    truncated: fetched.truncated,
    timeToFirstByteMs: fetched.timeToFirstByteMs,
    redirects: fetched.redirects,
  });
  const findings = orderBySeverity(AUDIT_RULES.map((rule) => rule(parsed)).filter((finding): finding is AuditFinding => finding !== null));
  const page = auditedPage(fetched);
  return { findings, summary: { counts: countBySeverity(findings), page }, page };
}

/**
 * The website offer audit of one URL: fetches it safely, parses it, runs every rule. Throws SafeFetchError
 * (with `failureReason` for the buyer) when the page cannot be fetched.
 */
export async function auditPage(url: string, options: SafeFetchOptions = {}): Promise<AuditResult> {
  return auditFetchedPage(await safeFetch(url, options));
}

/** The sentence to store as a failed report's failureReason, whatever went wrong. */
export function failureReasonOf(error: unknown, url: string): string {
  if (error instanceof SafeFetchError) return error.failureReason;
  return `The audit of ${url} stopped because of an error on our side. We have been notified and will run it again or refund the fee.`;
}
