import type { Prisma } from '@/lib/generated/prisma/client';
import { opaqueId } from '../../core/tokens';
import type { StaffActor } from '../staff/roles';
import type { CommitmentKind } from './commitment-kinds';
import { UNKEPT_STATES } from './commitment-kinds';

/*
 * Writing commitments, always in the caller's transaction: a promise is recorded with the record that makes it, and
 * closed with the change that keeps it or makes it moot, or not at all.
 */

type Tx = Pick<Prisma.TransactionClient, 'commitment'>;

/** The record a commitment belongs to. */
export type CommitmentSubject = { inquiryNumber: number } | { bookingId: string } | { reportToken: string };

/** Who closed a commitment: a staff member, or someone named ("the booker", "the website audit"). */
export type Closer = { staff: Pick<StaffActor, 'id' | 'displayName'>; note?: string } | { name: string; note?: string };

export async function openCommitment(
  tx: Tx,
  { kind, subject, dueAt, now, ownerId = null }: { kind: CommitmentKind; subject: CommitmentSubject; dueAt: Date; now: Date; ownerId?: string | null },
): Promise<string> {
  const id = opaqueId('cmt');
  await tx.commitment.create({ data: { id, kind, state: 'open', dueAt, createdAt: now, ownerId, ...subject } });
  return id;
}

function closedBy(closer: Closer) {
  return 'staff' in closer
    ? { closedById: closer.staff.id, closedByName: closer.staff.displayName, closeNote: closer.note ?? null }
    : { closedById: null, closedByName: closer.name, closeNote: closer.note ?? null };
}

/**
 * Keeps the unkept commitments of `kinds` on `subject` at `now`: on time when before their due time, late when after
 * (a missed one keeps its missedAt). Returns how many it kept; none is not an error (the promise was kept before).
 */
export async function keepCommitments(tx: Tx, subject: CommitmentSubject, kinds: CommitmentKind[], now: Date, closer: Closer): Promise<number> {
  const { count } = await tx.commitment.updateMany({
    where: { ...subject, kind: { in: kinds }, state: { in: UNKEPT_STATES } },
    data: { state: 'kept', keptAt: now, ...closedBy(closer) },
  });
  return count;
}

/** The promise no longer applies (the booking was cancelled, the booker asked for other times): `void`, with why. */
export async function voidCommitments(tx: Tx, subject: CommitmentSubject, kinds: CommitmentKind[], now: Date, closer: Closer): Promise<number> {
  const { count } = await tx.commitment.updateMany({
    where: { ...subject, kind: { in: kinds }, state: { in: UNKEPT_STATES } },
    data: { state: 'void', voidedAt: now, ...closedBy(closer) },
  });
  return count;
}

/** Gives the unkept commitments of `kinds` on `subject` to `ownerId` (a consultant claiming a report). */
export async function assignCommitmentsOf(tx: Tx, subject: CommitmentSubject, kinds: CommitmentKind[], ownerId: string | null): Promise<number> {
  const { count } = await tx.commitment.updateMany({ where: { ...subject, kind: { in: kinds }, state: { in: UNKEPT_STATES } }, data: { ownerId } });
  return count;
}
