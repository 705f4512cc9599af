import type { Prisma } from '@/lib/generated/prisma/client';
import type { StaffActor } from './roles';

type Tx = Pick<Prisma.TransactionClient, 'auditLog'>;

/** Who an audit entry names: a staff member, or the system for work done by jobs. */
export type AuditActor = Pick<StaffActor, 'id' | 'email'>;

/** The actor of entries written by jobs rather than by a person. */
export const SYSTEM_ACTOR: AuditActor = { id: 'system', email: 'system' };

/** One audit entry, written in the same transaction as the change it describes. */
export async function recordAudit(
  tx: Tx,
  actor: AuditActor,
  action: string,
  entity: { type: string; id: string },
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.auditLog.create({
    data: { actorId: actor.id, actorEmail: actor.email, action, entityType: entity.type, entityId: entity.id, details: details as Prisma.InputJsonValue },
  });
}
