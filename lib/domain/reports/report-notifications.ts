import type { Prisma } from '@/lib/generated/prisma/client';
import type { JobEnqueuer } from '../jobs/job-transaction';
import { recordAudit, SYSTEM_ACTOR } from '../staff/audit';

type Tx = Prisma.TransactionClient;

export interface SettledReport {
  token: string;
  serviceId: string;
}

/*
 * The two moments someone must hear about a report. Each hook runs inside the transaction that moved the report,
 * and only when that transaction made the move, so whatever it writes (today an audit entry; the email outbox's
 * rows and send jobs through `jobs`) exists exactly once per report, however often a job is retried or killed.
 */

/**
 * The report became `ready`, produced by the audit job or published by a consultant: the one place the buyer's
 * report-ready email is to be enqueued (e.g. `enqueueReportReadyMail(tx, jobs, report.token)`).
 */
export async function onReportReady(tx: Tx, _jobs: JobEnqueuer, report: SettledReport): Promise<void> {
  await recordAudit(tx, SYSTEM_ACTOR, 'report.ready', { type: 'report', id: report.token }, { serviceId: report.serviceId });
}

/**
 * The report `failed`: the firm must know, since a buyer paid for it. Today an audit entry that staff see (and
 * /staff/reports lists the failed audit with its reason and a "Run again" button); the email to the firm's inbox
 * is to be enqueued here through `jobs`.
 */
export async function notifyFirmOfFailedReport(tx: Tx, _jobs: JobEnqueuer, report: SettledReport & { failureReason: string }): Promise<void> {
  await recordAudit(tx, SYSTEM_ACTOR, 'report.failed', { type: 'report', id: report.token }, {
    serviceId: report.serviceId,
    failureReason: report.failureReason,
  });
}
