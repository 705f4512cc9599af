import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { toValidationErrors } from '@/lib/contract/validation-errors';
import type { ConsultantItemData } from '../content/content-bundle';
import { DomainError, InputValidationError } from '../../core/errors';
import { PermanentJobError } from '../../jobs/job-errors';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { transactionWithJobs } from '../../jobs/job-transaction';
import type { JobPayload } from '../../jobs/job-types';
import { SYSTEM_ACTOR, recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import { opaqueId } from '../../core/tokens';
import { calendarConflicts, conflictDetails } from './calendar-conflicts';
import type { ContentTypeId, ReferenceIssue, Tx } from './content-type';
import { contentType } from './content-types';
import type { EditorEdit } from './drafts';
import { saveDraftIn } from './drafts';
import { parseFirmLocalDateTime } from './firm-local-time';
import { publishInTransaction } from './publishing';
import { cancelScheduledJob, scheduledPublishJobKey } from './scheduled-job';

const PUBLISH_AT_PROBLEMS = {
  format: 'Please enter a date and a time.',
  nonexistent: 'That time does not exist in the firm\u2019s time zone (the clocks skip it when summer time starts).',
  past: 'Please choose a time in the future.',
} as const;

function publishAtError(problem: keyof typeof PUBLISH_AT_PROBLEMS, input: string): InputValidationError {
  const issue: ReferenceIssue = { code: 'custom', path: ['publishAt'], message: PUBLISH_AT_PROBLEMS[problem], input };
  return new InputValidationError(toValidationErrors([issue], { publishAt: input }, 'body'));
}

export interface ScheduleOptions {
  now?: Date;
  zone?: string;
  acknowledgedBookingIds?: readonly string[];
}

/** The instant of a wall-clock time in the firm's zone, which must be after `now`; refused with a field error. */
function publishAtOf(publishAtText: string, now: Date, zone: string): Date {
  const parsed = parseFirmLocalDateTime(publishAtText.trim(), zone);
  if ('problem' in parsed) throw publishAtError(parsed.problem, publishAtText);
  if (parsed.at <= now) throw publishAtError('past', publishAtText);
  return parsed.at;
}

/** Sets the draft's schedule, inside the caller's transaction, replacing any schedule it had. */
async function scheduleIn(
  tx: Tx,
  jobs: JobEnqueuer,
  actor: StaffActor,
  type: ContentTypeId,
  itemId: string,
  publishAt: Date,
  now: Date,
  acknowledgedBookingIds: readonly string[],
) {
  const definition = contentType(type);
  const draft = await tx.contentDraft.findUnique({ where: { type_itemId: { type, itemId } } });
  if (!draft) throw new DomainError('NO_DRAFT', 'Save a draft first: a schedule publishes the draft.');
  if (type === 'consultant') {
    const unseen = (await calendarConflicts(tx, itemId, definition.schema.parse(draft.data) as ConsultantItemData, now)).filter(
      (conflict) => !acknowledgedBookingIds.includes(conflict.bookingId),
    );
    if (unseen.length > 0)
      throw new DomainError('CALENDAR_CONFLICTS', 'Confirm that you have seen the bookings the new calendar no longer covers.', conflictDetails(unseen));
  }
  if (draft.scheduleId) await cancelScheduledJob(tx, draft.scheduleId, now);
  const scheduleId = opaqueId('sch');
  await tx.contentDraft.update({
    where: { type_itemId: { type, itemId } },
    data: { publishAt, scheduleId, scheduledById: actor.id, scheduledByName: actor.displayName },
  });
  await jobs.enqueue({
    type: 'content.publish-scheduled',
    payload: { contentType: type, itemId, scheduleId, acknowledgedBookingIds: [...acknowledgedBookingIds] },
    runAt: publishAt,
    uniqueKey: scheduledPublishJobKey(scheduleId),
  });
  await recordAudit(
    tx,
    actor,
    `${type}.schedule`,
    { type, id: itemId },
    { publishAt: publishAt.toISOString(), replaced: draft.publishAt?.toISOString() ?? null },
  );
}

/**
 * Schedules the draft to go live at `publishAtText`, a wall-clock time in the firm's time zone: a job does it then,
 * with no one acting. The draft stays editable; what it holds at that time goes live. Scheduling again replaces the
 * schedule. Returns the instant.
 */
export async function scheduleDraft(
  actor: StaffActor,
  type: ContentTypeId,
  itemId: string,
  publishAtText: string,
  options: ScheduleOptions = {},
): Promise<Date> {
  const { now = new Date(), zone = config().FIRM_TIME_ZONE, acknowledgedBookingIds = [] } = options;
  const publishAt = publishAtOf(publishAtText, now, zone);
  await transactionWithJobs((tx, jobs) => scheduleIn(tx, jobs, actor, type, itemId, publishAt, now, acknowledgedBookingIds));
  return publishAt;
}

/**
 * Schedules what the editor shows: saved as the draft (the rules and the stale-editor check of Save draft) and
 * scheduled, in one transaction, so nothing is stored when either step is refused. With no draft and no change from
 * what visitors see, there is nothing to schedule (NO_DRAFT). Returns the instant.
 */
export async function scheduleEdits(
  actor: StaffActor,
  type: ContentTypeId,
  itemId: string,
  edit: EditorEdit,
  publishAtText: string,
  options: ScheduleOptions = {},
): Promise<Date> {
  const { now = new Date(), zone = config().FIRM_TIME_ZONE, acknowledgedBookingIds = [] } = options;
  const publishAt = publishAtOf(publishAtText, now, zone);
  await transactionWithJobs(async (tx, jobs) => {
    const { revision } = await saveDraftIn(tx, actor, contentType(type), itemId, edit.candidate, { now, base: edit.base, keepUnchanged: true });
    if (revision === null) throw new DomainError('NO_DRAFT', 'Nothing to schedule: the editor shows what visitors see already.');
    await scheduleIn(tx, jobs, actor, type, itemId, publishAt, now, acknowledgedBookingIds);
  });
  return publishAt;
}

/** Cancels the draft's schedule; the draft stays. */
export async function cancelSchedule(actor: StaffActor, type: ContentTypeId, itemId: string, now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    const draft = await tx.contentDraft.findUnique({ where: { type_itemId: { type, itemId } } });
    if (!draft?.scheduleId) throw new DomainError('TRANSITION_NOT_ALLOWED', 'Nothing is scheduled.');
    await tx.contentDraft.update({
      where: { type_itemId: { type, itemId } },
      data: { publishAt: null, scheduleId: null, scheduledById: null, scheduledByName: null },
    });
    await cancelScheduledJob(tx, draft.scheduleId, now);
    await recordAudit(tx, actor, `${type}.cancel_schedule`, { type, id: itemId }, { publishAt: draft.publishAt?.toISOString() ?? null });
  });
}

type ScheduledPublish = JobPayload<'content.publish-scheduled'>;

/**
 * The job of a schedule: publishes the draft as it is now, in one transaction. A schedule that was cancelled or
 * replaced does nothing, and so does a second run of one that already published (its version names the schedule).
 * One that cannot be carried out (the draft is gone, no longer valid, or a calendar change now meets bookings nobody
 * confirmed) changes nothing, fails for good so staff see it, and its schedule is cleared.
 */
export async function runScheduledPublish(
  { contentType: type, itemId, scheduleId, acknowledgedBookingIds }: ScheduledPublish,
  now: Date,
): Promise<'published' | 'already-published' | 'superseded'> {
  const definition = contentType(type);
  const alreadyPublished = async () => (await db.contentVersion.count({ where: { scheduleId } })) > 0;
  const draft = await db.contentDraft.findUnique({ where: { type_itemId: { type, itemId } } });
  if (!draft) {
    if (await alreadyPublished()) return 'already-published';
    throw new PermanentJobError(`The draft of ${definition.noun} '${itemId}' was deleted before its scheduled time; nothing was published.`);
  }
  if (draft.scheduleId !== scheduleId) return 'superseded';
  try {
    await publishInTransaction(type, itemId, {
      author: { source: 'schedule', staffId: draft.scheduledById, name: draft.scheduledByName ?? 'a schedule', scheduleId },
      auditActor: SYSTEM_ACTOR,
      condition: { scheduleId },
      note: null,
      acknowledgedBookingIds,
      now,
    });
    return 'published';
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Another run of this job won the race, or the schedule was cancelled or replaced in the meantime.
    if (await alreadyPublished()) return 'already-published';
    if (error.code === 'DRAFT_CHANGED') return 'superseded';
    await db.contentDraft.updateMany({
      where: { type, itemId, scheduleId },
      data: { publishAt: null, scheduleId: null, scheduledById: null, scheduledByName: null },
    });
    throw new PermanentJobError(error.message);
  }
}
