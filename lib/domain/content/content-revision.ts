import type { Prisma } from '@/lib/generated/prisma/client';

/**
 * Every write to published content moves the revision in the same transaction, so every instance reloads its
 * snapshot (build_stamp changes only if the published content did).
 */
export async function bumpContentRevision(tx: Pick<Prisma.TransactionClient, 'contentRevision'>): Promise<number> {
  const row = await tx.contentRevision.upsert({ where: { id: 1 }, create: { id: 1, revision: 1 }, update: { revision: { increment: 1 } } });
  return row.revision;
}
