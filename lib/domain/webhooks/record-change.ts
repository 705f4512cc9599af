import type { ContentTypeId } from '@/lib/core/content-type-ids';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { buildStampIn } from '../content/build-stamp';
import { checkoutEventData, reportEventData } from './event-payloads';
import { recordWebhookEvent } from './record-event';

type Tx = Prisma.TransactionClient;

/*
 * One call per change that has an event, for the write paths to make inside their own transaction: each reads the
 * record as the transaction now sees it, so the event says what the change committed.
 */

export async function recordCheckoutEvent(
  tx: Tx,
  jobs: JobEnqueuer,
  type: 'checkout.completed' | 'checkout.expired' | 'checkout.failed',
  checkoutToken: string,
  now: Date,
): Promise<void> {
  const checkout = await tx.checkout.findUniqueOrThrow({ where: { token: checkoutToken }, include: { report: { select: { token: true } } } });
  await recordWebhookEvent(tx, jobs, type, checkoutEventData(checkout, checkout.report?.token ?? null, now), now);
}

export async function recordReportEvent(tx: Tx, jobs: JobEnqueuer, type: 'report.ready' | 'report.failed', reportToken: string, now: Date): Promise<void> {
  const report = await tx.report.findUniqueOrThrow({ where: { token: reportToken } });
  await recordWebhookEvent(tx, jobs, type, reportEventData(report), now);
}

/** Content went live or offline: the event carries the build_stamp the content has once this transaction commits. */
export async function recordContentChange(
  tx: Tx,
  jobs: JobEnqueuer,
  change: { kind: ContentTypeId; id: string; change: 'published' | 'unpublished' },
  now: Date,
): Promise<void> {
  await recordWebhookEvent(tx, jobs, 'content.published', { build_stamp: await buildStampIn(tx, now), changes: [change] }, now);
}
