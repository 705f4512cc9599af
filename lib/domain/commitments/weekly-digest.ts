import { DateTime } from 'luxon';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { PromisesDigestMailData } from '@/lib/mail';
import { formatDuration } from '../../core/durations';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { enqueuePromisesDigest } from '../mail/commitment-mail';
import { loadMailSettings } from '../mail/mail-settings';
import type { CommitmentKind } from './commitment-kinds';
import { COMMITMENT_KINDS, KIND_PLURALS } from './commitment-kinds';
import { outcomeOf } from './commitment-outcome';
import { COMMITMENT_INCLUDE, commitmentView, missReasonOf } from './commitment-view';
import { adminMailboxes } from './staff-people';

/** How many misses the digest names: the worst first, by how late they were kept (or are by now, if still unkept). */
const WORST_MISSES = 5;

/** "16 to 22 November 2026", "30 November to 6 December 2026", "28 December 2026 to 3 January 2027". */
export function weekLabel(monday: DateTime): string {
  const sunday = monday.plus({ days: 6 });
  const end = sunday.toFormat('d LLLL yyyy');
  if (monday.year !== sunday.year) return `${monday.toFormat('d LLLL yyyy')} to ${end}`;
  if (monday.month !== sunday.month) return `${monday.toFormat('d LLLL')} to ${end}`;
  return `${monday.toFormat('d')} to ${end}`;
}

/** Last week's figures, as the digest tells them: the week before the one `slot` falls in, firm-local. */
export async function weeklyDigestData(slot: Date, now: Date): Promise<{ week: string; digest: PromisesDigestMailData }> {
  const zone = config().FIRM_TIME_ZONE;
  const end = DateTime.fromJSDate(slot, { zone }).setLocale('en-GB').startOf('week');
  const start = end.minus({ weeks: 1 });
  const range = { gte: start.toJSDate(), lt: end.toJSDate() };
  const [made, due] = await Promise.all([
    db.commitment.groupBy({ by: ['kind'], where: { createdAt: range }, _count: { _all: true } }),
    db.commitment.findMany({ where: { dueAt: range }, include: COMMITMENT_INCLUDE }),
  ]);
  const outcomes = due.map((row) => ({ row, outcome: outcomeOf(row, now) }));
  const count = (kind: CommitmentKind, outcome: string) => outcomes.filter((o) => o.row.kind === kind && o.outcome === outcome).length;
  const rows = COMMITMENT_KINDS.map((kind) => ({
    label: KIND_PLURALS[kind],
    made: made.find((group) => group.kind === kind)?._count._all ?? 0,
    keptOnTime: count(kind, 'on-time'),
    keptLate: count(kind, 'late'),
    missed: count(kind, 'missed'),
  }));
  const known = outcomes.filter((o) => o.outcome !== null);
  const lateness = (row: (typeof due)[number]) => (row.keptAt ?? (row.state === 'void' ? row.voidedAt : null) ?? now).getTime() - row.dueAt.getTime();
  const worst = outcomes
    .filter((o) => o.outcome === 'late' || o.outcome === 'missed')
    .sort((a, b) => lateness(b.row) - lateness(a.row))
    .slice(0, WORST_MISSES)
    .map(({ row, outcome }) => {
      const view = commitmentView(row);
      return {
        promise: view.promise,
        person: view.person,
        dueAt: row.dueAt.toISOString(),
        late: outcome === 'late' ? `kept ${formatDuration(lateness(row))} late` : `not kept, ${formatDuration(lateness(row))} past due`,
        reason: row.missReason ?? (row.state === 'open' ? missReasonOf(row) : 'Kept after its due time.'),
      };
    });
  return {
    week: start.toISODate()!,
    digest: {
      weekLabel: weekLabel(start),
      rows,
      onTimeRate: known.length === 0 ? null : known.filter((o) => o.outcome === 'on-time').length / known.length,
      worstMisses: worst,
    },
  };
}

/**
 * The `commitments.weekly-digest` job, Monday morning: last week's promises to the admins. Once per week however often
 * it runs: the digest is stored with its week, and a week that has one is not sent again.
 */
export async function sendWeeklyPromisesDigest(slot: Date, now: Date): Promise<'sent' | 'already-sent'> {
  const { week, digest } = await weeklyDigestData(slot, now);
  const sent = { kind: 'promises-digest', aboutType: 'week', aboutId: week };
  if ((await db.outboxMessage.count({ where: sent })) > 0) return 'already-sent';
  const [settings, admins] = await Promise.all([loadMailSettings(now), adminMailboxes()]);
  return transactionWithJobs(async (tx, jobs) => {
    // Checked again inside the transaction: a retried job that stored the digest before failing does not send it twice.
    if ((await tx.outboxMessage.count({ where: sent })) > 0) return 'already-sent';
    await enqueuePromisesDigest(tx, jobs, { week, digest, admins, settings });
    return 'sent';
  });
}
