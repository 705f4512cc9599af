import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { DomainError, InputValidationError } from '../../core/errors';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import type { ContentTypeId } from './content-type';
import { contentType } from './content-types';
import { validItem } from './drafts';
import { ensureBaselineVersion, getVersion } from './versions';

/**
 * Loads a version as the working draft, replacing any draft there was. It never publishes: the draft is reviewed and
 * published like any other (a schedule already set for the draft stays).
 */
export async function restoreVersion(actor: StaffActor, type: ContentTypeId, itemId: string, number: number, now = new Date()): Promise<number> {
  const definition = contentType(type);
  const version = await getVersion(type, itemId, number);
  return db.$transaction(async (tx) => {
    let item: unknown;
    try {
      item = await validItem(tx, definition, version.data);
    } catch (error) {
      if (!(error instanceof InputValidationError)) throw error;
      const problems = error.items.map((issue) => `${issue.loc.slice(1).join('.')}: ${issue.msg}`).join('; ');
      throw new DomainError('INVALID_CONTENT', `Version ${number} no longer meets the content rules (${problems}); copy what you need from it by hand.`);
    }
    await ensureBaselineVersion(tx, definition, itemId, now);
    const data = item as Prisma.InputJsonValue;
    const by = { updatedById: actor.id, updatedByName: actor.displayName };
    const saved = await tx.contentDraft.upsert({
      where: { type_itemId: { type, itemId } },
      create: { type, itemId, data, ...by },
      update: { data, revision: { increment: 1 }, ...by },
    });
    await recordAudit(tx, actor, `${type}.restore_version`, { type, id: itemId }, { version: number, revision: saved.revision });
    return saved.revision;
  });
}
