import type { Prisma } from '@/lib/generated/prisma/client';
import { isUniqueViolation } from '../../db/db-errors';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { claimUnits } from '../scheduling/slot-claims';

type Tx = Prisma.TransactionClient;

/** Claims every 15-minute unit of [start, end) for the consultant; the primary key refuses a unit someone holds. */
export async function claimSlot(tx: Tx, bookingId: string, consultantId: string, start: Date, end: Date): Promise<void> {
  await tx.bookingSlotClaim.createMany({ data: claimUnits(start, end).map((slotStart) => ({ consultantId, slotStart, bookingId })) });
}

export async function releaseSlot(tx: Tx, bookingId: string): Promise<void> {
  await tx.bookingSlotClaim.deleteMany({ where: { bookingId } });
}

/**
 * Runs `work` (which claims a slot) in one transaction with its jobs. Resolves false, with nothing written, when
 * the slot-claim key refused a unit because another booking holds it: the caller tries its next time or consultant.
 */
export async function unlessSlotTaken(work: (tx: Tx, jobs: JobEnqueuer) => Promise<void>): Promise<boolean> {
  try {
    await transactionWithJobs(work);
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
