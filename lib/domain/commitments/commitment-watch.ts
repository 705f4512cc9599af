import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { enqueueCommitmentMissed, enqueueCommitmentReminder } from '../mail/commitment-mail';
import { loadMailSettings } from '../mail/mail-settings';
import { COMMITMENT_INCLUDE, commitmentView, missReasonOf } from './commitment-view';
import { adminMailboxes } from './staff-people';

/** One watch handles at most this many of each; the next one, a minute later, takes the rest. */
const WATCH_BATCH = 200;

export interface WatchOutcome {
  reminded: number;
  missed: number;
}

/**
 * The `commitments.watch` job (every COMMITMENT_CHECK_SECONDS): reminds the owner of each open commitment due within
 * the lead time (the firm inbox while nobody owns it), and marks each open commitment past its due time missed, with
 * why, telling the owner and the admins. Each one is a conditional write in the transaction that stores its message,
 * so however many watches overlap, a commitment is reminded once and reported missed once. A commitment already past
 * its due time gets no reminder: the notice of the miss says more.
 */
export async function watchCommitments(now: Date, { leadMinutes = config().COMMITMENT_REMINDER_LEAD_MINUTES } = {}): Promise<WatchOutcome> {
  const [dueSoon, overdue] = await Promise.all([
    db.commitment.findMany({
      where: { state: 'open', remindedAt: null, dueAt: { gt: now, lte: new Date(now.getTime() + leadMinutes * 60_000) } },
      include: COMMITMENT_INCLUDE,
      orderBy: { dueAt: 'asc' },
      take: WATCH_BATCH,
    }),
    db.commitment.findMany({ where: { state: 'open', dueAt: { lte: now } }, include: COMMITMENT_INCLUDE, orderBy: { dueAt: 'asc' }, take: WATCH_BATCH }),
  ]);
  if (dueSoon.length === 0 && overdue.length === 0) return { reminded: 0, missed: 0 };
  const [settings, admins] = await Promise.all([loadMailSettings(now), adminMailboxes()]);
  let reminded = 0;
  for (const row of dueSoon) {
    reminded += await transactionWithJobs(async (tx, jobs) => {
      const { count } = await tx.commitment.updateMany({ where: { id: row.id, state: 'open', remindedAt: null }, data: { remindedAt: now } });
      if (count === 1) await enqueueCommitmentReminder(tx, jobs, commitmentView(row), settings);
      return count;
    });
  }
  let missed = 0;
  for (const row of overdue) {
    const missReason = missReasonOf(row);
    missed += await transactionWithJobs(async (tx, jobs) => {
      const { count } = await tx.commitment.updateMany({ where: { id: row.id, state: 'open' }, data: { state: 'missed', missedAt: now, missReason } });
      if (count === 1) await enqueueCommitmentMissed(tx, jobs, { ...commitmentView(row), missReason }, admins, settings);
      return count;
    });
  }
  return { reminded, missed };
}
