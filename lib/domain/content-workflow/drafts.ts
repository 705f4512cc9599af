import { toValidationErrors } from '@/lib/contract/validation-errors';
import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { DomainError, InputValidationError, notFound } from '../../core/errors';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import type { AnyContentType, ContentTypeId, ReferenceIssue, Tx } from './content-type';
import { contentType } from './content-types';
import { cancelScheduledJob } from './scheduled-job';
import { ensureBaselineVersion } from './versions';

export interface DraftView {
  item: unknown;
  revision: number;
  updatedAt: Date;
  updatedByName: string;
  publishAt: Date | null;
  scheduleId: string | null;
  scheduledByName: string | null;
}

export async function findDraft(type: ContentTypeId, itemId: string, tx: Tx = db): Promise<DraftView | null> {
  const row = await tx.contentDraft.findUnique({ where: { type_itemId: { type, itemId } } });
  return (
    row && {
      item: row.data,
      revision: row.revision,
      updatedAt: row.updatedAt,
      updatedByName: row.updatedByName,
      publishAt: row.publishAt,
      scheduleId: row.scheduleId,
      scheduledByName: row.scheduledByName,
    }
  );
}

/** What an item's editor starts from: its draft, else what is live; null for an unknown item. */
export async function workingItem(type: ContentTypeId, itemId: string): Promise<unknown> {
  const draft = await findDraft(type, itemId);
  return draft ? draft.item : ((await contentType(type).readLive(db, itemId))?.item ?? null);
}

export async function hasLiveItem(type: ContentTypeId, itemId: string): Promise<boolean> {
  return (await contentType(type).readLive(db, itemId)) !== null;
}

/** Validates an item with its kind's rules (the content files' rules) and its references; refused with field errors. */
export async function validItem(tx: Tx, definition: AnyContentType, candidate: unknown): Promise<unknown> {
  const parsed = definition.schema.safeParse(candidate);
  if (!parsed.success) throw new InputValidationError(toValidationErrors(parsed.error.issues, candidate, 'body', definition.schema));
  const issues = (await definition.referenceIssues?.(tx, parsed.data)) ?? [];
  if (issues.length > 0) throw new InputValidationError(toValidationErrors(issues, candidate, 'body'));
  return parsed.data;
}

function idTaken(id: string): InputValidationError {
  const issue: ReferenceIssue = { code: 'custom', path: ['id'], message: `the id ${id} is taken already`, input: id };
  return new InputValidationError(toValidationErrors([issue], { id }, 'body'));
}

/**
 * Saves the working draft of an item (`itemId` null: a new item, whose id is in the candidate). The live rows are not
 * touched, so visitors, /v1, search, the sitemap, the feed and build_stamp stay as they are.
 */
export async function saveDraft(
  actor: StaffActor,
  type: ContentTypeId,
  itemId: string | null,
  candidate: unknown,
  now = new Date(),
): Promise<{ itemId: string; revision: number }> {
  const definition = contentType(type);
  return db.$transaction(async (tx) => {
    const item = await validItem(tx, definition, candidate);
    const id = definition.itemId(item);
    // One query at a time: an interactive transaction is one connection.
    const live = await definition.readLive(tx, id);
    const draft = await findDraft(type, id, tx);
    if (itemId === null && (live || draft)) throw idTaken(id);
    if (itemId !== null && id !== itemId) throw new DomainError('INVALID_CONTENT', 'An item keeps its id; create a new one instead.');
    if (itemId !== null && !live && !draft) throw notFound(definition.label, itemId);
    await ensureBaselineVersion(tx, definition, id, now);
    const data = item as Prisma.InputJsonValue;
    const by = { updatedById: actor.id, updatedByName: actor.displayName };
    const saved = await tx.contentDraft.upsert({
      where: { type_itemId: { type, itemId: id } },
      create: { type, itemId: id, data, ...by },
      update: { data, revision: { increment: 1 }, ...by },
    });
    await recordAudit(tx, actor, `${type}.save_draft`, { type, id }, { revision: saved.revision, created: !live });
    return { itemId: id, revision: saved.revision };
  });
}

/** Drops the draft (and its schedule); what is live stays live. */
export async function discardDraft(actor: StaffActor, type: ContentTypeId, itemId: string, now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    const draft = await findDraft(type, itemId, tx);
    if (!draft) throw new DomainError('NO_DRAFT', 'There is no draft to discard.');
    await tx.contentDraft.delete({ where: { type_itemId: { type, itemId } } });
    if (draft.scheduleId) await cancelScheduledJob(tx, draft.scheduleId, now);
    await recordAudit(
      tx,
      actor,
      `${type}.discard_draft`,
      { type, id: itemId },
      { revision: draft.revision, wasScheduledFor: draft.publishAt?.toISOString() ?? null },
    );
  });
}
