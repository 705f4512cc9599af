import { DateTime } from 'luxon';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { formatDuration } from '../../core/durations';
import type { BusinessCalendar } from '../scheduling/business-time';
import { businessMinutesBetween } from '../scheduling/business-time';
import { activeConsultants, firmCalendar } from '../scheduling/firm-calendar';
import type { CommitmentKind } from './commitment-kinds';
import { COMMITMENT_KINDS } from './commitment-kinds';
import type { CommitmentOutcome, Tally } from './commitment-outcome';
import { median, outcomeOf, tally } from './commitment-outcome';
import type { CommitmentView } from './commitment-view';
import { COMMITMENT_INCLUDE, commitmentView, missReasonOf } from './commitment-view';

/*
 * What /staff/promises shows: how many promises were kept on time, by kind and by week (the week a promise fell due
 * in, Monday to Sunday in the firm's time zone), how fast inquiries are really answered against what was promised,
 * and every miss with its reason.
 */

export interface WeekStats {
  /** The Monday, firm-local: "2026-11-16". */
  weekStart: string;
  /** "16 Nov" */
  label: string;
  byKind: Record<CommitmentKind, Tally>;
  all: Tally;
  /** Inquiry replies kept that week: the median business hours to reply, and the median promised. */
  medianReplyHours: number | null;
  medianPromisedHours: number | null;
}

export interface MissView {
  commitment: CommitmentView;
  outcome: Exclude<CommitmentOutcome, 'on-time'>;
  /** How late: until it was kept, or until now while it is not. */
  lateBy: string;
  reason: string;
  /** "kept late by Dana Reyes (moved to contacted)", "still open", "void: the booker cancelled". */
  resolution: string;
}

export interface PromiseStats {
  weeks: WeekStats[];
  byKind: Record<CommitmentKind, Tally>;
  all: Tally;
  replies: { count: number; medianReplyHours: number | null; medianPromisedHours: number | null };
  misses: MissView[];
}

/** The misses listed, newest first. */
const MISSES_LISTED = 50;

type Row = { id: string; kind: string; state: string; dueAt: Date; createdAt: Date; keptAt: Date | null; missedAt: Date | null };

/** The Monday 00:00 (firm-local) of the week `now` falls in, and the 12 weeks' boundaries from `weeks - 1` weeks before. */
export function weekStarts(now: Date, weeks: number, zone: string): DateTime[] {
  const current = DateTime.fromJSDate(now, { zone }).startOf('week');
  return Array.from({ length: weeks + 1 }, (_, i) => current.minus({ weeks: weeks - 1 - i }));
}

function tallyByKind(rows: Row[], now: Date): Record<CommitmentKind, Tally> {
  return Object.fromEntries(
    COMMITMENT_KINDS.map((kind) => [kind, tally(rows.filter((row) => row.kind === kind).flatMap((row) => outcomeOf(row, now) ?? []))]),
  ) as Record<CommitmentKind, Tally>;
}

function replyMedians(rows: Row[], calendar: BusinessCalendar) {
  const kept = rows.filter((row) => row.kind === 'inquiry-reply' && row.state === 'kept' && row.keptAt);
  const hours = (from: Date, to: Date) => businessMinutesBetween(from, to, calendar) / 60;
  return {
    count: kept.length,
    medianReplyHours: median(kept.map((row) => hours(row.createdAt, row.keptAt!))),
    medianPromisedHours: median(kept.map((row) => hours(row.createdAt, row.dueAt))),
  };
}

async function missViews(rows: Row[], now: Date): Promise<MissView[]> {
  const missed = rows
    .map((row) => ({ row, outcome: outcomeOf(row, now) }))
    .filter((entry): entry is { row: Row; outcome: 'late' | 'missed' } => entry.outcome === 'late' || entry.outcome === 'missed')
    .sort((a, b) => b.row.dueAt.getTime() - a.row.dueAt.getTime())
    .slice(0, MISSES_LISTED);
  const full = new Map(
    (await db.commitment.findMany({ where: { id: { in: missed.map((entry) => entry.row.id) } }, include: COMMITMENT_INCLUDE })).map((row) => [row.id, row]),
  );
  return missed.map(({ row, outcome }) => {
    const stored = full.get(row.id)!;
    const commitment = commitmentView(stored);
    const until = row.state === 'kept' && row.keptAt ? row.keptAt : (row.state === 'void' && stored.voidedAt) || now;
    const by = commitment.closedByName ? ` by ${commitment.closedByName}` : '';
    const note = commitment.closeNote ? ` (${commitment.closeNote})` : '';
    const resolution = row.state === 'kept' ? `kept late${by}${note}` : row.state === 'void' ? `void${note ? `: ${commitment.closeNote}` : ''}` : 'still open';
    // Kept late before the watch marked it missed, there is no stored reason: the lateness is the whole story.
    const reason = commitment.missReason ?? (row.state === 'open' ? missReasonOf(stored) : 'Kept after its due time.');
    return { commitment, outcome, lateBy: formatDuration(until.getTime() - row.dueAt.getTime()), reason, resolution };
  });
}

/** The promises page's figures at `now`, over the current week and the `weeks - 1` before it. */
export async function promiseStats(now: Date, { weeks = 12 }: { weeks?: number } = {}): Promise<PromiseStats> {
  const zone = config().FIRM_TIME_ZONE;
  const bounds = weekStarts(now, weeks, zone);
  const [rows, consultants] = await Promise.all([
    db.commitment.findMany({
      where: { dueAt: { gte: bounds[0]!.toJSDate(), lt: bounds[weeks]!.toJSDate() } },
      select: { id: true, kind: true, state: true, dueAt: true, createdAt: true, keptAt: true, missedAt: true },
    }),
    activeConsultants(),
  ]);
  const calendar = firmCalendar(consultants);
  const weekStats = bounds.slice(0, weeks).map((start, i): WeekStats => {
    const from = start.toJSDate();
    const to = bounds[i + 1]!.toJSDate();
    const inWeek = rows.filter((row) => row.dueAt >= from && row.dueAt < to);
    const replies = replyMedians(inWeek, calendar);
    return {
      weekStart: start.toISODate()!,
      label: start.setLocale('en-GB').toFormat('d LLL'),
      byKind: tallyByKind(inWeek, now),
      all: tally(inWeek.flatMap((row) => outcomeOf(row, now) ?? [])),
      medianReplyHours: replies.medianReplyHours,
      medianPromisedHours: replies.medianPromisedHours,
    };
  });
  return {
    weeks: weekStats,
    byKind: tallyByKind(rows, now),
    all: tally(rows.flatMap((row) => outcomeOf(row, now) ?? [])),
    replies: replyMedians(rows, calendar),
    misses: await missViews(rows, now),
  };
}
