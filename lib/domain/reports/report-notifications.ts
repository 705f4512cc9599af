import type { Prisma } from '@/lib/generated/prisma/client';
import type { MailSettings } from '@/lib/mail';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { enqueueReportFailedNotice } from '../mail/report-failed-mail';
import { enqueueReportReadyMail } from '../mail/report-ready-mail';
import { recordAudit, SYSTEM_ACTOR } from '../staff/audit';
import { recordReportEvent } from '../webhooks/record-change';

type Tx = Prisma.TransactionClient;

export interface SettledReport {
  token: string;
  serviceId: string;
}

/*
 * The two moments someone must hear about a report. Each hook runs inside the transaction that moved the report,
 * and only when that transaction made the move, so what it writes (an audit entry, the outbox message and its send
 * job) exists exactly once per move, however often a job is retried or killed. `settings` are the mail settings,
 * loaded before the transaction opened (they come from the content snapshot, not from this transaction).
 */

/** The report became `ready`, produced by the audit job or published by a consultant: the buyer is told. */
export async function onReportReady(tx: Tx, jobs: JobEnqueuer, report: SettledReport, settings: MailSettings): Promise<void> {
  await recordAudit(tx, SYSTEM_ACTOR, 'report.ready', { type: 'report', id: report.token }, { serviceId: report.serviceId });
  await enqueueReportReadyMail(tx, jobs, report.token, settings);
  await recordReportEvent(tx, jobs, 'report.ready', report.token, settings.now);
}

/**
 * The report `failed`: a buyer paid for it, so the firm's inbox hears at once, and /staff/reports lists the failed
 * audit with its reason and a "Run again" button.
 */
export async function notifyFirmOfFailedReport(
  tx: Tx,
  jobs: JobEnqueuer,
  report: SettledReport & { failureReason: string },
  settings: MailSettings,
): Promise<void> {
  await recordAudit(
    tx,
    SYSTEM_ACTOR,
    'report.failed',
    { type: 'report', id: report.token },
    {
      serviceId: report.serviceId,
      failureReason: report.failureReason,
    },
  );
  await enqueueReportFailedNotice(tx, jobs, report, settings);
  await recordReportEvent(tx, jobs, 'report.failed', report.token, settings.now);
}
