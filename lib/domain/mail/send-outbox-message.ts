import { db } from '@/lib/db/client';
import { deliver, MailDeliveryError, sharedMailTransport, type MailTransport } from '@/lib/mail';
import { componentLogger } from '@/lib/observability/logger.mjs';
import { metrics } from '@/lib/observability/metrics.mjs';
import { describeJobError, PermanentJobError } from '../../jobs/job-errors';
import type { OutboxStatus } from './outbox';

export interface SendAttempt {
  /** This attempt of the send job (1-based) and how many it may have: the last one marks the row failed. */
  attempt: number;
  maxAttempts: number;
  now: Date;
  /** Default: the transport for SMTP_URL; null means no mail server is configured. */
  transport?: MailTransport | null;
}

export type SendOutcome = Extract<OutboxStatus, 'sent' | 'not-sent'> | 'already-sent';

type Recorded = { status: OutboxStatus; lastError?: string | null; smtpResponse?: string; sentAt?: Date; failingSince?: Date | null; acknowledgedAt?: null };

async function record(id: string, data: Recorded) {
  await db.outboxMessage.update({ where: { id }, data: { ...data, attempts: { increment: 1 } } });
}

/**
 * The `mail.send` job: delivers the stored message of outbox row `outboxId`. Without SMTP_URL the message stays in
 * the outbox as `not-sent` and the job succeeds (a retry cannot help). A refusal that another try cannot change
 * (5xx, a stored message that no longer validates) marks the row `failed` at once; a temporary failure is thrown
 * for the runner to retry with backoff, and marks the row `failed` on the last attempt. Every attempt sends the
 * same stored message, so the same Message-ID.
 */
export async function sendOutboxMessage(outboxId: string, { attempt, maxAttempts, now, transport = sharedMailTransport() }: SendAttempt): Promise<SendOutcome> {
  const log = componentLogger('outbox').child({ outboxId });
  const row = await db.outboxMessage.findUnique({ where: { id: outboxId }, select: { status: true, kind: true, message: true, failingSince: true } });
  if (!row) throw new PermanentJobError(`Outbox message ${outboxId} does not exist.`);
  // A job that ran again after its runner died past the SMTP server's "250": it is sent, leave it so.
  if (row.status === 'sent') return 'already-sent';
  if (!transport) {
    await record(outboxId, { status: 'not-sent', lastError: 'Not sent: SMTP_URL is not set. Resend it once a mail server is configured.' });
    return 'not-sent';
  }
  try {
    const receipt = await deliver(transport, row.message);
    await record(outboxId, { status: 'sent', sentAt: now, smtpResponse: receipt.response, lastError: null, failingSince: null });
    log.info({ kind: row.kind }, `${row.kind} ${outboxId} sent`);
    return 'sent';
  } catch (error) {
    metrics().outboxSendFailures.inc();
    const retryable = error instanceof MailDeliveryError ? error.retryable : true;
    const lastAttempt = !retryable || attempt >= maxAttempts;
    // failingSince: when this message began failing (the health check's "mail failing for 10 minutes"); a message
    // that fails for good is news for an admin again, whatever they had seen of it before.
    const failing = { failingSince: row.failingSince ?? now, ...(lastAttempt ? { acknowledgedAt: null } : {}) };
    await record(outboxId, { status: lastAttempt ? 'failed' : 'queued', lastError: describeJobError(error), ...failing });
    log[lastAttempt ? 'error' : 'warn'](
      { kind: row.kind, err: error },
      `${row.kind} ${outboxId} not sent${lastAttempt ? ', for good' : ''}: ${describeJobError(error)}`,
    );
    if (!retryable) throw new PermanentJobError(error instanceof Error ? error.message : String(error));
    throw error;
  }
}
