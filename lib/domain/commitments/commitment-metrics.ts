import { db } from '@/lib/db/client';
import type { CommitmentKind } from './commitment-kinds';
import { COMMITMENT_KINDS } from './commitment-kinds';

/** The commitments of one kind as a scrape of /metrics sees them now (lib/domain/system/database-gauges.ts sets them). */
export interface CommitmentGaugeSample {
  kind: CommitmentKind;
  /** State open (including those past due the watch has not marked yet). */
  open: number;
  /** Not kept and past the due time: open or missed. */
  overdue: number;
  /** State missed: past due, marked by the watch, still not kept. */
  missed: number;
}

/**
 * The numbers behind the /metrics gauges, from the database at `now`: two grouped counts, bounded by the indexes on
 * (state, dueAt) and (kind, …), whatever the number of rows. Every kind is present, with zeros, so a series never
 * disappears when a count drops to nothing.
 */
export async function commitmentGaugeSamples(now = new Date()): Promise<CommitmentGaugeSample[]> {
  const [byState, overdue] = await Promise.all([
    db.commitment.groupBy({ by: ['kind', 'state'], where: { state: { in: ['open', 'missed'] } }, _count: { _all: true } }),
    db.commitment.groupBy({ by: ['kind'], where: { state: { in: ['open', 'missed'] }, dueAt: { lte: now } }, _count: { _all: true } }),
  ]);
  const count = (kind: string, state: string) => byState.find((group) => group.kind === kind && group.state === state)?._count._all ?? 0;
  return COMMITMENT_KINDS.map((kind) => ({
    kind,
    open: count(kind, 'open'),
    overdue: overdue.find((group) => group.kind === kind)?._count._all ?? 0,
    missed: count(kind, 'missed'),
  }));
}
