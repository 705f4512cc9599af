import type { ConsultantItemData } from '../content/content-bundle';
import { bumpContentRevision } from '../content/content-revision';
import { revalidateContent } from '@/lib/domain/content/revalidate-content';
import { DomainError, InputValidationError, notFound } from '../../core/errors';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { recordContentChange } from '../webhooks/record-change';
import type { AuditActor } from '../staff/audit';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import { calendarConflicts, conflictDetails } from './calendar-conflicts';
import type { AnyContentType, ContentTypeId, Tx } from './content-type';
import { contentType } from './content-types';
import type { EditorEdit } from './drafts';
import { draftChanged, saveDraftIn, validItem } from './drafts';
import { cancelScheduledJob } from './scheduled-job';
import type { VersionAuthor } from './versions';
import { appendVersion, ensureBaselineVersion } from './versions';

/** Which draft a publish may take: the revision its author reviewed, or the one a schedule names. */
export type DraftCondition = { revision: number } | { scheduleId: string };

export interface PublishRequest {
  author: VersionAuthor;
  auditActor: AuditActor;
  condition: DraftCondition;
  note: string | null;
  /** Calendar changes: the conflicting bookings whoever publishes has seen and keeps. */
  acknowledgedBookingIds: readonly string[];
  now: Date;
}

const describeProblems = (error: InputValidationError) => error.items.map((item) => `${item.loc.slice(1).join('.') || 'item'}: ${item.msg}`).join('; ');

async function refuseUnseenConflicts(tx: Tx, definition: AnyContentType, itemId: string, item: unknown, request: PublishRequest): Promise<void> {
  if (definition.type !== 'consultant') return;
  const conflicts = await calendarConflicts(tx, itemId, item as ConsultantItemData, request.now);
  const unseen = conflicts.filter((conflict) => !request.acknowledgedBookingIds.includes(conflict.bookingId));
  if (unseen.length === 0) return;
  throw new DomainError(
    'CALENDAR_CONFLICTS',
    `The new calendar no longer covers ${unseen.length === 1 ? 'a confirmed booking' : `${unseen.length} confirmed bookings`} (${unseen.map((c) => `${c.name}: ${c.reason}`).join('; ')}); confirm that you have seen ${unseen.length === 1 ? 'it' : 'them'}.`,
    conflictDetails(unseen),
  );
}

/**
 * Makes the draft live, inside the caller's transaction: the live rows and the search index, a new version, the draft
 * removed, the content revision, the audit entry and the `content.published` webhook event.
 */
async function publishIn(tx: Tx, jobs: JobEnqueuer, definition: AnyContentType, itemId: string, request: PublishRequest): Promise<number> {
  const type = definition.type;
  const draft = await tx.contentDraft.findUnique({ where: { type_itemId: { type, itemId } } });
  if (!draft) throw new DomainError('NO_DRAFT', `There is no draft of ${definition.noun} '${itemId}' to publish.`);
  const stillThere = await tx.contentDraft.deleteMany({ where: { type, itemId, ...request.condition } });
  if (stillThere.count !== 1) throw draftChanged();
  let item: unknown;
  try {
    // Checked again: a related insight or a service may have gone since the draft was saved.
    item = await validItem(tx, definition, draft.data);
  } catch (error) {
    if (error instanceof InputValidationError)
      throw new DomainError('INVALID_CONTENT', `The draft no longer meets the content rules: ${describeProblems(error)}.`);
    throw error;
  }
  await refuseUnseenConflicts(tx, definition, itemId, item, request);
  await ensureBaselineVersion(tx, definition, itemId, request.now);
  const wasLive = await definition.readLive(tx, itemId);
  await definition.writeLive(tx, itemId, item, request.now);
  const number = await appendVersion(tx, type, itemId, item, request.author, request.note, request.now);
  if (draft.scheduleId) await cancelScheduledJob(tx, draft.scheduleId, request.now);
  if (definition.overlay) await bumpContentRevision(tx);
  await recordAudit(
    tx,
    request.auditActor,
    `${type}.publish`,
    { type, id: itemId },
    {
      version: number,
      note: request.note,
      source: request.author.source,
      by: request.author.name,
      previouslyPublished: wasLive?.published ?? false,
      acknowledgedBookingIds: request.acknowledgedBookingIds,
    },
  );
  await recordContentChange(tx, jobs, { kind: type, id: itemId, change: 'published' }, request.now);
  return number;
}

/**
 * Makes the draft live in one transaction (see publishIn). Anything that fails rolls all of it back, so a publish is
 * never half-applied.
 */
export async function publishInTransaction(type: ContentTypeId, itemId: string, request: PublishRequest): Promise<number> {
  const version = await transactionWithJobs((tx, jobs) => publishIn(tx, jobs, contentType(type), itemId, request));
  await revalidateContent();
  return version;
}

export interface StaffPublishOptions {
  note?: string | null;
  acknowledgedBookingIds?: readonly string[];
  now?: Date;
}

const byStaff = (
  actor: StaffActor,
  { note = null, acknowledgedBookingIds = [], now = new Date() }: StaffPublishOptions,
): Omit<PublishRequest, 'condition'> => ({
  author: { source: 'staff', staffId: actor.id, name: actor.displayName },
  auditActor: actor,
  note: note?.trim() || null,
  acknowledgedBookingIds,
  now,
});

/** Publish, by a person: exactly the draft revision they reviewed. Returns the new version's number. */
export function publishDraft(
  actor: StaffActor,
  type: ContentTypeId,
  itemId: string,
  { revision, ...options }: StaffPublishOptions & { revision: number },
): Promise<number> {
  return publishInTransaction(type, itemId, { ...byStaff(actor, options), condition: { revision } });
}

/**
 * Publish, by a person, of what their editor shows: saved as the draft (with the same rules and the same check that the
 * editor is not stale as Save draft) and published, in one transaction, so an edit is never lost on the way to going
 * live and nothing is stored when either step is refused. With no draft and no change from what visitors see, there is
 * nothing to publish (NO_DRAFT). Returns the new version's number.
 */
export async function publishEdits(
  actor: StaffActor,
  type: ContentTypeId,
  itemId: string,
  edit: EditorEdit,
  options: StaffPublishOptions = {},
): Promise<number> {
  const definition = contentType(type);
  const request = byStaff(actor, options);
  const version = await transactionWithJobs(async (tx, jobs) => {
    const { revision } = await saveDraftIn(tx, actor, definition, itemId, edit.candidate, { now: request.now, base: edit.base, keepUnchanged: true });
    if (revision === null) throw new DomainError('NO_DRAFT', 'Nothing to publish: the editor shows what visitors see already.');
    return publishIn(tx, jobs, definition, itemId, { ...request, condition: { revision } });
  });
  await revalidateContent();
  return version;
}

/** Takes a live item offline, as its own explicit action; its content and history stay, ready to publish again. */
export async function unpublishItem(actor: StaffActor, type: ContentTypeId, itemId: string, now = new Date()): Promise<void> {
  const definition = contentType(type);
  if (!definition.hideable || !definition.hide) throw new DomainError('TRANSITION_NOT_ALLOWED', `${definition.pluralLabel} cannot be taken offline.`);
  const hide = definition.hide;
  await transactionWithJobs(async (tx, jobs) => {
    const live = await definition.readLive(tx, itemId);
    if (!live) throw notFound(definition.label, itemId);
    if (!live.published) throw new DomainError('TRANSITION_NOT_ALLOWED', 'It is not published.');
    await ensureBaselineVersion(tx, definition, itemId, now);
    await hide(tx, itemId);
    await bumpContentRevision(tx);
    await recordAudit(tx, actor, `${type}.unpublish`, { type, id: itemId });
    await recordContentChange(tx, jobs, { kind: type, id: itemId, change: 'unpublished' }, now);
  });
  await revalidateContent();
}
