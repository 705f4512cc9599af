import { db } from '@/lib/db/client';
import { RenderedMessage } from '@/lib/mail';
import { DomainError, notFound } from '../../core/errors';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import type { OutboxStatus } from './outbox';
import { OUTBOX_STATUSES } from './outbox';

const LISTED = {
  id: true,
  kind: true,
  recipients: true,
  subject: true,
  status: true,
  attempts: true,
  lastError: true,
  aboutType: true,
  aboutId: true,
  createdAt: true,
  sentAt: true,
} as const;

/** Statuses staff can send again: out of attempts or refused, or kept because no mail server was configured. */
export const RESENDABLE: readonly OutboxStatus[] = ['failed', 'not-sent'];

export function isOutboxStatus(value: string | undefined): value is OutboxStatus {
  return (OUTBOX_STATUSES as readonly string[]).includes(value ?? '');
}

/** What /staff/outbox lists: newest first, optionally one status, with how many messages are in each. */
export async function listOutbox({ status }: { status?: OutboxStatus } = {}) {
  const [messages, grouped] = await Promise.all([
    db.outboxMessage.findMany({ where: status ? { status } : {}, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: 200, select: LISTED }),
    db.outboxMessage.groupBy({ by: ['status'], _count: { _all: true } }),
  ]);
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<OutboxStatus, number>;
  for (const row of grouped) counts[row.status as OutboxStatus] = row._count._all;
  return { messages: messages.map((m) => ({ ...m, recipients: m.recipients as string[], status: m.status as OutboxStatus })), counts };
}

/** One message as staff read it: the stored rendering (checked against its schema), and its delivery record. */
export async function getOutboxMessage(id: string) {
  const row = await db.outboxMessage.findUnique({ where: { id } });
  if (!row) throw notFound('Message', id);
  const parsed = RenderedMessage.safeParse(row.message);
  return {
    ...row,
    recipients: row.recipients as string[],
    status: row.status as OutboxStatus,
    message: parsed.success ? parsed.data : null,
    resendable: RESENDABLE.includes(row.status as OutboxStatus),
  };
}

/**
 * Queues a failed or unsent message again, with a fresh send job. The stored rendering is sent unchanged, so the
 * recipient's mail client sees the same Message-ID as any copy an unclear earlier attempt may have delivered.
 */
export async function resendOutboxMessage(actor: StaffActor, id: string, now = new Date()): Promise<void> {
  const row = await db.outboxMessage.findUnique({ where: { id }, select: { status: true } });
  if (!row) throw notFound('Message', id);
  await transactionWithJobs(async (tx, jobs) => {
    const { count } = await tx.outboxMessage.updateMany({ where: { id, status: { in: [...RESENDABLE] } }, data: { status: 'queued', failingSince: null } });
    if (count !== 1) throw new DomainError('TRANSITION_NOT_ALLOWED', `Only a failed or unsent message can be sent again; this one is ${row.status}.`);
    await jobs.enqueue({ type: 'mail.send', payload: { outboxId: id }, runAt: now });
    await recordAudit(tx, actor, 'outbox.resend', { type: 'outbox', id }, { previousStatus: row.status });
  });
}
