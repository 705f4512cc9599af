import type { CommitmentState } from './commitment-kinds';

/** How a promise turned out, once that is known: kept by its due time, kept after it, or not kept. */
export type CommitmentOutcome = 'on-time' | 'late' | 'missed';

/**
 * The outcome of a commitment at `now`, or null while it is still open before its due time or void without a miss.
 * An open commitment past its due time counts as missed even before the watch marks it (at most a minute later), and
 * a void one that had been missed first stays a miss: cancelling after the due time does not undo it.
 */
export function outcomeOf(commitment: { state: string; dueAt: Date; keptAt: Date | null; missedAt: Date | null }, now: Date): CommitmentOutcome | null {
  switch (commitment.state as CommitmentState) {
    case 'kept':
      return commitment.keptAt && commitment.keptAt > commitment.dueAt ? 'late' : 'on-time';
    case 'missed':
      return 'missed';
    case 'open':
      return commitment.dueAt <= now ? 'missed' : null;
    case 'void':
      return commitment.missedAt ? 'missed' : null;
  }
}

export interface Tally {
  onTime: number;
  late: number;
  missed: number;
  /** Promises whose outcome is known. */
  total: number;
  /** Kept on time out of total, 0 to 1; null when none is known yet. */
  rate: number | null;
}

export function tally(outcomes: Iterable<CommitmentOutcome>): Tally {
  let onTime = 0;
  let late = 0;
  let missed = 0;
  for (const outcome of outcomes) {
    if (outcome === 'on-time') onTime += 1;
    else if (outcome === 'late') late += 1;
    else missed += 1;
  }
  const total = onTime + late + missed;
  return { onTime, late, missed, total, rate: total === 0 ? null : onTime / total };
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
