import { formatDuration } from '../../core/durations';
import type { CommitmentKind, CommitmentState } from './commitment-kinds';
import { KIND_NOUNS } from './commitment-kinds';

export interface CommitmentClock {
  /** "reply due in 2 h 10 min", "overdue by 35 min", "kept 1 h 5 min late". */
  text: string;
  /** For the page's emphasis: overdue ones stand out. */
  tone: 'due' | 'overdue' | 'kept' | 'late' | 'void';
}

/**
 * Where a commitment stands against its due time at `now`, in the words staff read on every list and page. Computed
 * when the page is rendered (staff pages are never cached), from the same clock as the page.
 */
export function commitmentClock(commitment: { kind: CommitmentKind; state: CommitmentState; dueAt: Date; keptAt: Date | null }, now: Date): CommitmentClock {
  const { state, dueAt, keptAt } = commitment;
  if (state === 'void') return { text: 'no longer applies', tone: 'void' };
  if (state === 'kept' && keptAt) {
    const late = keptAt.getTime() - dueAt.getTime();
    return late > 0 ? { text: `kept ${formatDuration(late)} late`, tone: 'late' } : { text: 'kept on time', tone: 'kept' };
  }
  const left = dueAt.getTime() - now.getTime();
  if (left > 0) return { text: `${KIND_NOUNS[commitment.kind]} due in ${formatDuration(left)}`, tone: 'due' };
  return { text: `overdue by ${formatDuration(left)}`, tone: 'overdue' };
}
