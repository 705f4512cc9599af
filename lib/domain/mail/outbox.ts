import type { Prisma } from '@/lib/generated/prisma/client';
import type { MailContext, MailSettings, RenderedMessage } from '@/lib/mail';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { opaqueId } from '../../core/tokens';

type Tx = Prisma.TransactionClient;

/**
 * The record a message announces; staff see it beside the message, and it ties a message to its cause. A weekly
 * digest is about its week (the Monday, `2026-11-16`).
 */
export interface MailAbout {
  type: 'inquiry' | 'booking' | 'checkout' | 'report' | 'webhook-endpoint' | 'incident' | 'week';
  id: string;
}

export const OUTBOX_STATUSES = ['queued', 'sent', 'failed', 'not-sent'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Renders a message and stores it with its `mail.send` job, both in the caller's transaction: the message exists
 * exactly when the record it announces does, and what is sent later (and on every retry) is this rendering, with
 * the Message-ID derived from the row's id. Returns the outbox id.
 */
export async function enqueueMail(
  tx: Tx,
  jobs: JobEnqueuer,
  { settings, about, render }: { settings: MailSettings; about: MailAbout; render: (context: MailContext) => RenderedMessage },
): Promise<string> {
  const id = opaqueId('out');
  const message = render({ ...settings, outboxId: id });
  await tx.outboxMessage.create({
    data: {
      id,
      kind: message.kind,
      recipients: message.to.map((recipient) => recipient.address),
      subject: message.subject,
      message: message as unknown as Prisma.InputJsonValue,
      aboutType: about.type,
      aboutId: about.id,
      createdAt: settings.now,
    },
  });
  // Due from the moment of rendering: the same clock as the record, so tests with an injected one control it.
  await jobs.enqueue({ type: 'mail.send', payload: { outboxId: id }, runAt: settings.now });
  return id;
}
