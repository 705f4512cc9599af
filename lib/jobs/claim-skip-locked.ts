import { db } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ClaimKind, LeaseRequest } from './claim-kinds';
import { ABANDONED_NOTE } from './claim-kinds';

const CANDIDATES: Record<ClaimKind, (now: Date) => Prisma.Sql> = {
  due: (now) => Prisma.sql`SELECT id FROM "Job" WHERE status = 'queued' AND "runAt" <= ${now} ORDER BY "runAt", id`,
  abandoned: (now) => Prisma.sql`SELECT id FROM "Job" WHERE status = 'running' AND "leaseExpiresAt" <= ${now} ORDER BY "leaseExpiresAt", id`,
};

/**
 * PostgreSQL's claim (same contract as the SQLite one in job-queue.ts): one statement picks the oldest claimable rows
 * FOR UPDATE SKIP LOCKED and leases them, so a runner never gets a row another runner is claiming, and never waits
 * for it either: concurrent runners each take the next free jobs instead of queueing on the same first rows.
 */
export async function claimSkippingLocked(kind: ClaimKind, { owner, now, leaseExpiresAt, room }: LeaseRequest): Promise<string[]> {
  const note = kind === 'abandoned' ? Prisma.sql`, "lastError" = ${ABANDONED_NOTE}` : Prisma.empty;
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH picked AS (${CANDIDATES[kind](now)} LIMIT ${room} FOR UPDATE SKIP LOCKED)
    UPDATE "Job" AS j SET status = 'running', "leaseOwner" = ${owner}, "leaseExpiresAt" = ${leaseExpiresAt},
      attempts = j.attempts + 1, "updatedAt" = ${new Date()}${note}
    FROM picked WHERE j.id = picked.id
    RETURNING j.id`;
  return rows.map((row) => row.id);
}
