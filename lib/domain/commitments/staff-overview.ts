import { DateTime } from 'luxon';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { StaffActor } from '../staff/roles';
import type { CommitmentView } from './commitment-view';
import { COMMITMENT_INCLUDE, commitmentView } from './commitment-view';
import type { CommitmentState } from './commitment-kinds';
import { UNKEPT_STATES } from './commitment-kinds';

/*
 * What /staff shows first: the promises that need someone today, and the day's work around them. Every list is
 * bounded and read through an index on (state, dueAt) or (ownerId, state, dueAt), so the page costs the same with ten
 * open commitments or ten thousand; the counts say how many more there are.
 */

/** Items shown per list; the count above it gives the rest. */
export const OVERVIEW_LIST_SIZE = 25;

export interface CommitmentList {
  items: CommitmentView[];
  /** All that match, shown or not. */
  total: number;
}

export interface Consultation {
  id: string;
  name: string;
  start: Date;
  end: Date;
  consultantName: string | null;
  serviceType: string | null;
}

export interface StaffOverview {
  overdue: CommitmentList;
  dueToday: CommitmentList;
  unassigned: CommitmentList;
  consultations: { today: Consultation[]; tomorrow: Consultation[] };
  reportsDueThisWeek: CommitmentList;
  counts: { newInquiries: number; openCheckouts: number; failedEmails: number };
}

/** By due time, then id: the order of every list. */
const byDue = (a: { dueAt: Date; id: string }, b: { dueAt: Date; id: string }) => a.dueAt.getTime() - b.dueAt.getTime() || (a.id < b.id ? -1 : 1);

/**
 * One list in the viewer's order: their own and the unassigned first, then everyone else's, each by due time. Each part
 * is a bounded read along the (ownerId, state, dueAt) index, one per owner and state, merged here: an OR of owners or an
 * IN of states would make SQLite sort every match before taking the first 25.
 */
async function listFor(viewer: StaffActor, states: CommitmentState[], where: Prisma.CommitmentWhereInput): Promise<CommitmentList> {
  const read = async (owner: Prisma.CommitmentWhereInput, take: number) =>
    (
      await Promise.all(
        states.map((state) =>
          db.commitment.findMany({
            where: { AND: [where, owner, { state }] },
            include: COMMITMENT_INCLUDE,
            orderBy: [{ dueAt: 'asc' }, { id: 'asc' }],
            take,
          }),
        ),
      )
    )
      .flat()
      .sort(byDue)
      .slice(0, take);
  const [mine, unowned, total] = await Promise.all([
    read({ ownerId: viewer.id }, OVERVIEW_LIST_SIZE),
    read({ ownerId: null }, OVERVIEW_LIST_SIZE),
    db.commitment.count({ where: { AND: [where, { state: { in: states } }] } }),
  ]);
  const first = [...mine, ...unowned].sort(byDue).slice(0, OVERVIEW_LIST_SIZE);
  const rest =
    first.length < OVERVIEW_LIST_SIZE && total > first.length
      ? await read({ AND: [{ ownerId: { not: null } }, { ownerId: { not: viewer.id } }] }, OVERVIEW_LIST_SIZE - first.length)
      : [];
  return { items: [...first, ...rest].map(commitmentView), total };
}

async function consultationsBetween(from: Date, to: Date): Promise<Consultation[]> {
  const rows = await db.booking.findMany({
    where: { status: 'confirmed', scheduledStart: { gte: from, lt: to } },
    select: { id: true, name: true, scheduledStart: true, scheduledEnd: true, serviceType: true, consultant: { select: { name: true } } },
    orderBy: { scheduledStart: 'asc' },
    take: 100,
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    start: row.scheduledStart,
    end: row.scheduledEnd,
    consultantName: row.consultant?.name ?? null,
    serviceType: row.serviceType,
  }));
}

/** The overview at `now` for `viewer`: days and weeks are the firm's (FIRM_TIME_ZONE), Monday to Sunday. */
export async function staffOverview(viewer: StaffActor, now: Date): Promise<StaffOverview> {
  const local = DateTime.fromJSDate(now, { zone: config().FIRM_TIME_ZONE });
  const today = local.startOf('day');
  const tomorrow = today.plus({ days: 1 });
  const dayAfter = today.plus({ days: 2 });
  const weekEnd = local.startOf('week').plus({ weeks: 1 });
  const [overdue, dueToday, unassigned, reportsDueThisWeek, consultationsToday, consultationsTomorrow, newInquiries, openCheckouts, failedEmails] =
    await Promise.all([
      listFor(viewer, UNKEPT_STATES, { dueAt: { lte: now } }),
      listFor(viewer, ['open'], { dueAt: { gt: now, lt: tomorrow.toJSDate() } }),
      listFor(viewer, UNKEPT_STATES, { ownerId: null }),
      listFor(viewer, UNKEPT_STATES, { kind: 'report-delivery', dueAt: { lt: weekEnd.toJSDate() } }),
      consultationsBetween(today.toJSDate(), tomorrow.toJSDate()),
      consultationsBetween(tomorrow.toJSDate(), dayAfter.toJSDate()),
      db.inquiry.count({ where: { status: 'submitted' } }),
      // Open and payable: past its expiry an open checkout reads as expired, unless a delayed payment is on its way.
      db.checkout.count({ where: { status: 'open', OR: [{ expiresAt: { gt: now } }, { awaitingPaymentSince: { not: null } }] } }),
      db.outboxMessage.count({ where: { status: 'failed' } }),
    ]);
  return {
    overdue,
    dueToday,
    unassigned,
    consultations: { today: consultationsToday, tomorrow: consultationsTomorrow },
    reportsDueThisWeek,
    counts: { newInquiries, openCheckouts, failedEmails },
  };
}
