import type { Prisma } from '@/lib/generated/prisma/client';
import type { StaffActor } from './roles';

type Tx = Pick<Prisma.TransactionClient, 'auditLog'>;

/** One audit entry, written in the same transaction as the change it describes. */
export async function recordAudit(
  tx: Tx,
  actor: StaffActor,
  action: string,
  entity: { type: string; id: string },
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.auditLog.create({
    data: { actorId: actor.id, actorEmail: actor.email, action, entityType: entity.type, entityId: entity.id, details: details as Prisma.InputJsonValue },
  });
}
