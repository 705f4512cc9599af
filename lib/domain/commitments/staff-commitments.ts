import { db } from '@/lib/db/client';
import { DomainError, notFound } from '../../core/errors';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import type { CommitmentSubject } from './commitment-records';
import { keepCommitments } from './commitment-records';
import type { CommitmentView } from './commitment-view';
import { COMMITMENT_INCLUDE, commitmentView } from './commitment-view';
import { UNKEPT_STATES } from './commitment-kinds';

/*
 * What staff do to commitments themselves: own one (or hand it on), and log the reply to an inquiry made outside the
 * site (a phone call, an email from their own mailbox). Everything else closes commitments by itself.
 */

const refused = (message: string) => new DomainError('TRANSITION_NOT_ALLOWED', message);

async function unkeptCommitment(id: string) {
  const row = await db.commitment.findUnique({ where: { id }, select: { id: true, kind: true, state: true, ownerId: true, inquiryNumber: true } });
  if (!row) throw notFound('Commitment', id);
  if (!UNKEPT_STATES.includes(row.state as never)) throw refused(`This commitment is ${row.state} already; nothing is left to do.`);
  return row;
}

/**
 * Gives an unkept commitment to `ownerId` (an active sales or admin account), or to nobody (null). Reminders and the
 * notice of a miss go to the owner from then on.
 */
export async function assignCommitment(actor: StaffActor, id: string, ownerId: string | null): Promise<void> {
  const row = await unkeptCommitment(id);
  if (ownerId !== null) {
    const owner = await db.staffUser.findUnique({ where: { id: ownerId }, select: { active: true, role: true } });
    if (!owner?.active || !['sales', 'admin'].includes(owner.role)) throw refused('Only an active sales or admin account can own a commitment.');
  }
  if (row.ownerId === ownerId) return;
  await db.$transaction(async (tx) => {
    const { count } = await tx.commitment.updateMany({ where: { id, state: { in: UNKEPT_STATES }, ownerId: row.ownerId }, data: { ownerId } });
    if (count !== 1) throw refused('Someone else changed this commitment meanwhile; reload it.');
    await recordAudit(tx, actor, 'commitment.assign', { type: 'commitment', id }, { kind: row.kind, from: row.ownerId, to: ownerId });
  });
}

/**
 * The reply to an inquiry was made (by phone, from a mailbox): keeps its commitment now, on time or late, with who and
 * an optional note. The inquiry's status is left to its own workflow.
 */
export async function logInquiryReply(actor: StaffActor, id: string, note: string | undefined, now = new Date()): Promise<void> {
  const row = await unkeptCommitment(id);
  if (row.kind !== 'inquiry-reply' || row.inquiryNumber === null) throw refused('Only the reply to an inquiry can be logged.');
  const text = note?.trim() ? `reply logged: ${note.trim().slice(0, 500)}` : 'reply logged';
  await db.$transaction(async (tx) => {
    const kept = await keepCommitments(tx, { inquiryNumber: row.inquiryNumber! }, ['inquiry-reply'], now, { staff: actor, note: text });
    if (kept === 0) throw refused('This reply was logged a moment ago by someone else.');
    await recordAudit(tx, actor, 'inquiry.reply_logged', { type: 'commitment', id }, { note: note?.trim() || null });
  });
}

/** Every commitment of one record, oldest first: what an inquiry, booking or report page shows. */
export async function commitmentsOf(subject: CommitmentSubject): Promise<CommitmentView[]> {
  const rows = await db.commitment.findMany({ where: subject, include: COMMITMENT_INCLUDE, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map(commitmentView);
}

/** The commitments of many bookings at once (the bookings list), by booking id. */
export async function commitmentsOfBookings(bookingIds: string[]): Promise<Map<string, CommitmentView[]>> {
  const rows = await db.commitment.findMany({
    where: { bookingId: { in: bookingIds } },
    include: COMMITMENT_INCLUDE,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const byBooking = new Map<string, CommitmentView[]>();
  for (const row of rows) byBooking.set(row.bookingId!, [...(byBooking.get(row.bookingId!) ?? []), commitmentView(row)]);
  return byBooking;
}
