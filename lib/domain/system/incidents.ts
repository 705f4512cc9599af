import { hostname } from 'node:os';
import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { systemAlert, systemAlertCleared, type MailSettings, type MailTransport } from '@/lib/mail';
import { componentLogger } from '@/lib/observability/logger.mjs';
import { metrics } from '@/lib/observability/metrics.mjs';
import { opaqueId } from '../../core/tokens';
import { isUniqueViolation } from '../../db/db-errors';
import { insertJob } from '../../jobs/job-queue';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { runJobHere } from '../../jobs/run-job-here';
import { loadMailSettings } from '../mail/mail-settings';
import { enqueueMail } from '../mail/outbox';
import { sendOutboxMessage } from '../mail/send-outbox-message';
import { ALERTED_CHECKS, type AlertedCheck, type HealthChecks } from './health-checks';

/*
 * Incidents: a failing health check opens one, and its alert email goes to ALERT_EMAIL; the check passing again
 * closes it, with an all-clear. One incident per check at a time, whichever instance notices first (the unique
 * `openCheck`), so several instances and the runner can all watch without sending twice. The alert is stored in the
 * outbox like every message, and the instance that opened the incident sends it at once through its mail.send job,
 * held like a runner holds one: an alert that the runner is down cannot wait for the runner.
 */

const log = () => componentLogger('alerts');

export interface IncidentChange {
  check: AlertedCheck;
  change: 'opened' | 'closed';
  incidentId: string;
}

/** Who sends an alert: this process, named like a runner so the job's lease says who held it. */
export function alertSender(): string {
  return `${hostname()}:${process.pid}:alerts`;
}

/** The outbox message and its `mail.send` job, in `tx`; returns both ids. */
async function storeAlertMail(
  tx: Prisma.TransactionClient,
  settings: MailSettings,
  incidentId: string,
  render: Parameters<typeof enqueueMail>[2]['render'],
): Promise<{ outboxId: string; jobId: string }> {
  let jobId = '';
  const jobs: JobEnqueuer = {
    async enqueue(spec) {
      jobId = await insertJob(tx, spec);
      return jobId;
    },
  };
  const outboxId = await enqueueMail(tx, jobs, { settings, about: { type: 'incident', id: incidentId }, render });
  return { outboxId, jobId };
}

export interface AlertOptions {
  /** The mail settings of the alert (default: loaded now); the test's clock and inbox. */
  settings?: MailSettings;
  /** The mail transport (default: SMTP_URL's); null: no mail server. */
  transport?: MailTransport | null;
}

/** Sends a stored alert from here, now; a failure stays in the queue for a runner to retry, and is logged. */
async function sendNow({ outboxId, jobId }: { outboxId: string; jobId: string }, now: Date, summary: string, options: AlertOptions): Promise<void> {
  const outcome = await runJobHere({ jobId, owner: alertSender(), now }, (job) =>
    sendOutboxMessage(outboxId, {
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      now,
      ...(options.transport !== undefined ? { transport: options.transport } : {}),
    }),
  );
  if (outcome.status === 'queued' || outcome.status === 'dead') {
    metrics().alertDeliveryFailures.inc();
    log().error(
      { outboxId, outcome: outcome.status },
      `alert email not delivered (${outcome.status === 'queued' ? 'will be retried' : 'gave up'}): ${summary}`,
    );
  }
}

async function openIncident(
  check: AlertedCheck,
  result: HealthChecks[AlertedCheck],
  now: Date,
  settings: MailSettings,
  options: AlertOptions,
): Promise<IncidentChange | null> {
  const id = opaqueId('inc');
  const since = result.since ?? now;
  // Logged at error whatever happens next: if the outbox is what fails, the log still has the alert.
  log().error({ check, incidentId: id, since: since.toISOString(), count: result.count }, `ALERT ${check}: ${result.detail}`);
  let stored: { outboxId: string; jobId: string };
  try {
    stored = await db.$transaction(async (tx) => {
      await tx.incident.create({ data: { id, check, openCheck: check, summary: result.detail, count: result.count, since, openedAt: now } });
      const mail = await storeAlertMail(tx, settings, id, (context) =>
        systemAlert({ check, summary: result.detail, since: since.toISOString(), count: result.count }, context),
      );
      await tx.incident.update({ where: { id }, data: { alertOutboxId: mail.outboxId } });
      return mail;
    });
  } catch (error) {
    // Another instance opened it first: its alert is on its way.
    if (isUniqueViolation(error)) return null;
    metrics().alertDeliveryFailures.inc();
    log().error({ err: error, check }, `alert could not be stored in the outbox: ${result.detail}`);
    return null;
  }
  await sendNow(stored, now, result.detail, options);
  return { check, change: 'opened', incidentId: id };
}

async function closeIncident(
  incident: { id: string; check: string; summary: string; since: Date },
  now: Date,
  settings: MailSettings,
  options: AlertOptions,
): Promise<IncidentChange | null> {
  const stored = await db.$transaction(async (tx) => {
    // Only the instance whose update closes it sends the all-clear.
    const { count } = await tx.incident.updateMany({ where: { id: incident.id, openCheck: { not: null } }, data: { openCheck: null, closedAt: now } });
    if (count !== 1) return null;
    const mail = await storeAlertMail(tx, settings, incident.id, (context) =>
      systemAlertCleared(
        { check: incident.check, summary: incident.summary, since: incident.since.toISOString(), count: 0, clearedAt: now.toISOString() },
        context,
      ),
    );
    await tx.incident.update({ where: { id: incident.id }, data: { clearOutboxId: mail.outboxId } });
    return mail;
  });
  if (!stored) return null;
  log().info({ check: incident.check, incidentId: incident.id }, `RESOLVED ${incident.check}: ${incident.summary}`);
  await sendNow(stored, now, `resolved: ${incident.summary}`, options);
  return { check: incident.check as AlertedCheck, change: 'closed' as const, incidentId: incident.id };
}

/**
 * Opens an incident for each failing check that has none, and closes the open incident of each passing check, with
 * their emails. Returns what changed.
 */
export async function reconcileIncidents(checks: HealthChecks, now: Date, options: AlertOptions = {}): Promise<IncidentChange[]> {
  const open = await db.incident.findMany({ where: { openCheck: { not: null } }, select: { id: true, check: true, summary: true, since: true } });
  const openByCheck = new Map(open.map((incident) => [incident.check, incident]));
  const toOpen = ALERTED_CHECKS.filter((check) => checks[check].status === 'fail' && !openByCheck.has(check));
  const toClose = ALERTED_CHECKS.filter((check) => checks[check].status === 'pass' && openByCheck.has(check));
  if (toOpen.length === 0 && toClose.length === 0) return [];
  const mailSettings = options.settings ?? (await loadMailSettings(now));
  const changes: IncidentChange[] = [];
  for (const check of toOpen) {
    const change = await openIncident(check, checks[check], now, mailSettings, options);
    if (change) changes.push(change);
  }
  for (const check of toClose) {
    const change = await closeIncident(openByCheck.get(check)!, now, mailSettings, options);
    if (change) changes.push(change);
  }
  return changes;
}
