import canonicalize from 'canonicalize';
import { toValidationErrors } from '@/lib/contract/validation-errors';
import { db } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/db-errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import { DomainError, InputValidationError, notFound } from '../../core/errors';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import type { AnyContentType, ContentTypeId, ReferenceIssue, Tx } from './content-type';
import { contentType } from './content-types';
import { cancelScheduledJob } from './scheduled-job';
import { currentVersionNumber, ensureBaselineVersion } from './versions';

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
 * What an editor was opened on, sent back with its fields: the draft revision it showed (null: there was no draft, it
 * showed what is live) and the number of the live version (see currentVersionNumber). A save from an editor whose view
 * is no longer current is refused, so it never overwrites a draft, or a publish, it has not seen.
 */
export interface EditorBase {
  revision: number | null;
  liveVersion: number;
}

/** What an editor shows, read into an item, and what it was opened on. */
export interface EditorEdit {
  candidate: unknown;
  base: EditorBase;
}

export const draftChanged = () => new DomainError('DRAFT_CHANGED', 'The draft changed since it was reviewed; look at it again before publishing.');

/** Equal by content: both read with the kind's rules, then compared as canonical JSON (key order and absent keys aside). */
function sameContent(definition: AnyContentType, item: unknown, other: unknown): boolean {
  const parsed = definition.schema.safeParse(other);
  return parsed.success && canonicalize(item) === canonicalize(parsed.data);
}

export interface SaveStep {
  now: Date;
  base?: EditorBase;
  /**
   * For a save on the way to a publish, a schedule or a preview link: content equal to the draft is not written again
   * (its revision stays), and content equal to what visitors see, with no draft, writes nothing and answers
   * `revision: null`, so the caller can say there is nothing to do.
   */
  keepUnchanged?: boolean;
}

/**
 * The save of a draft, inside the caller's transaction: validated with the kind's rules, checked against what the
 * editor was opened on (`base`), then written and audited. The write is conditional on the revision just read, so a
 * save racing this one is refused rather than lost.
 */
export async function saveDraftIn(
  tx: Tx,
  actor: StaffActor,
  definition: AnyContentType,
  itemId: string | null,
  candidate: unknown,
  { now, base, keepUnchanged = false }: SaveStep,
): Promise<{ itemId: string; revision: number | null }> {
  const type = definition.type;
  const item = await validItem(tx, definition, candidate);
  const id = definition.itemId(item);
  // One query at a time: an interactive transaction is one connection.
  const live = await definition.readLive(tx, id);
  const draft = await findDraft(type, id, tx);
  if (itemId === null && (live || draft)) throw idTaken(id);
  if (itemId !== null && id !== itemId) throw new DomainError('INVALID_CONTENT', 'An item keeps its id; create a new one instead.');
  if (itemId !== null && !live && !draft) throw notFound(definition.label, itemId);
  if (base) {
    const liveVersion = await currentVersionNumber(tx, type, id, live !== null);
    if ((draft?.revision ?? null) !== base.revision || liveVersion !== base.liveVersion) throw draftChanged();
  }
  if (keepUnchanged && draft && sameContent(definition, item, draft.item)) return { itemId: id, revision: draft.revision };
  // An item taken offline is not what visitors see: publishing it unchanged puts it back.
  if (keepUnchanged && !draft && live?.published && sameContent(definition, item, live.item)) return { itemId: id, revision: null };
  await ensureBaselineVersion(tx, definition, id, now);
  const data = item as Prisma.InputJsonValue;
  const by = { updatedById: actor.id, updatedByName: actor.displayName };
  const revision = draft ? draft.revision + 1 : 1;
  if (draft) {
    const { count } = await tx.contentDraft.updateMany({ where: { type, itemId: id, revision: draft.revision }, data: { data, revision, ...by } });
    if (count !== 1) throw draftChanged();
  } else {
    try {
      await tx.contentDraft.create({ data: { type, itemId: id, data, revision, ...by } });
    } catch (error) {
      if (isUniqueViolation(error)) throw itemId === null ? idTaken(id) : draftChanged();
      throw error;
    }
  }
  await recordAudit(tx, actor, `${type}.save_draft`, { type, id }, { revision, created: !live });
  return { itemId: id, revision };
}

/**
 * Saves the working draft of an item (`itemId` null: a new item, whose id is in the candidate). The live rows are not
 * touched, so visitors, /v1, search, the sitemap, the feed and build_stamp stay as they are. From an editor, `base`
 * refuses the save when the editor is stale (DRAFT_CHANGED).
 */
export async function saveDraft(
  actor: StaffActor,
  type: ContentTypeId,
  itemId: string | null,
  candidate: unknown,
  { now = new Date(), base }: { now?: Date; base?: EditorBase } = {},
): Promise<{ itemId: string; revision: number }> {
  const saved = await db.$transaction((tx) => saveDraftIn(tx, actor, contentType(type), itemId, candidate, { now, base }));
  // Without keepUnchanged a save always writes, so it always has a revision.
  return { itemId: saved.itemId, revision: saved.revision! };
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
