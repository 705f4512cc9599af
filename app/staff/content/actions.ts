'use server';

import { revalidatePath } from 'next/cache';
import { notFound, redirect } from 'next/navigation';
import { config } from '@/lib/config';
import type { AnyContentType } from '@/lib/domain/content-workflow/content-type';
import { contentType, isContentTypeId } from '@/lib/domain/content-workflow/content-types';
import type { EditorBase } from '@/lib/domain/content-workflow/drafts';
import { discardDraft, hasLiveItem, saveDraft, workingItem } from '@/lib/domain/content-workflow/drafts';
import { createPreviewLinkForEdits, revokePreviewLink } from '@/lib/domain/content-workflow/preview-links';
import { publishEdits, unpublishItem } from '@/lib/domain/content-workflow/publishing';
import { restoreVersion } from '@/lib/domain/content-workflow/restore-version';
import { cancelSchedule, scheduleEdits } from '@/lib/domain/content-workflow/scheduling';
import { DomainError, InputValidationError } from '@/lib/core/errors';
import type { StaffActor } from '@/lib/domain/staff/roles';
import { fieldErrors } from '@/lib/forms/human-messages';
import type { FormState } from '@/lib/forms/form-state';
import { formValues } from '@/lib/forms/form-state';
import { imagesNamedIn } from '@/lib/domain/media/images-named-in';
import { renderMarkdown } from '@/lib/markdown';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { withOutcome } from '../action-outcome';
import { editorPath, listPath } from './content-paths';
import type { EditorState } from './editor/editor-state';
import { WORKFLOW_INPUTS, intentOf } from './editor/editor-state';
import { blankItem, fieldsOf } from './forms/fields-of';
import { errorsForFields, formValuesOf, itemFromForm } from './forms/item-from-form';
import type { ConflictView } from './workflow/booking-acknowledgements';

type EditState = FormState<null>;

/**
 * Who may act on this kind of content: marketing on content, sales on calendars, admins on both. The session and role
 * are checked before any argument is trusted; an unknown kind is then a 404.
 */
async function editorOf(type: unknown, itemId: unknown): Promise<{ actor: StaffActor; definition: AnyContentType }> {
  const definition = isContentTypeId(type) ? contentType(type) : null;
  const actor = await requireStaff(definition?.area ?? 'content', definition && typeof itemId === 'string' ? editorPath(definition, itemId) : '/staff/content');
  if (!definition) notFound();
  return { actor, definition };
}

/** The bookings a calendar change was refused for, for the editor to list them with a box to tick each. */
function conflictsOf(error: DomainError): ConflictView[] | undefined {
  return error.code === 'CALENDAR_CONFLICTS' && Array.isArray(error.details.conflicts) ? (error.details.conflicts as ConflictView[]) : undefined;
}

/**
 * Runs a form's work: field errors and domain refusals come back to the form, success goes to the address `work`
 * returns (or, for a result the page shows, comes back as the form's state).
 */
async function formOutcome<Result>(
  values: Record<string, string>,
  work: () => Promise<string | FormState<Result>>,
  placeErrors = (errors: Record<string, string>) => errors,
): Promise<FormState<Result> & { conflicts?: ConflictView[] }> {
  let then: string | FormState<Result>;
  try {
    then = await work();
  } catch (error) {
    if (error instanceof InputValidationError) return { status: 'error', values, errors: placeErrors(fieldErrors(error.items)) };
    if (error instanceof DomainError) return { status: 'error', values, errors: { form: error.message }, conflicts: conflictsOf(error) };
    throw error;
  }
  if (typeof then !== 'string') return then;
  revalidatePath('/staff/content');
  redirect(then);
}

const acknowledged = (formData: FormData, name = 'acknowledge') => formData.getAll(name).filter((value): value is string => typeof value === 'string');

const WHOLE_NUMBER = /^\d{1,9}$/;

/** What the editor was opened on, from its hidden fields; anything unreadable counts as stale. */
function editorBase(values: Record<string, string>): EditorBase {
  const number = (text: string | undefined) => (text !== undefined && WHOLE_NUMBER.test(text) ? Number(text) : Number.NaN);
  return { revision: values.revision ? number(values.revision) : null, liveVersion: number(values.liveVersion) };
}

/**
 * Every button of the editor posts its form (editor/editor-state.ts), so what is on screen is what each step takes:
 * Save draft stores it; Publish, Schedule and Create preview link store it as the draft and act on it in the same
 * transaction. Each reads the form into the item (fields it does not show kept), validated with the content files'
 * rules, errors next to the fields; a stale editor is refused with DRAFT_CHANGED and nothing is stored.
 */
export async function editItemAction(type: string, itemId: string | null, _previous: EditorState, formData: FormData): Promise<EditorState> {
  const { actor, definition } = await editorOf(type, itemId);
  const fields = await fieldsOf(definition.type, { isNew: itemId === null });
  const base = itemId === null ? blankItem(definition.type, actor.displayName) : await workingItem(definition.type, itemId);
  if (base === null) notFound();
  const values = formValues(formData);
  const candidate = itemFromForm(fields, values, base);
  const shown = {
    ...Object.fromEntries(WORKFLOW_INPUTS.flatMap((name) => (values[name] === undefined ? [] : [[name, values[name]]]))),
    ...formValuesOf(fields, candidate),
  };
  // The schedule's time is a control of its panel, not a field of the item: its error stays with it.
  const placeErrors = ({ publishAt, ...errors }: Record<string, string>) => ({ ...errorsForFields(fields, errors), ...(publishAt ? { publishAt } : {}) });
  const outcome = (work: () => Promise<string | EditorState>) => formOutcome(shown, work, placeErrors);
  if (itemId === null) {
    return outcome(async () => `${editorPath(definition, (await saveDraft(actor, definition.type, null, candidate)).itemId)}?done=saved`);
  }
  const edit = { candidate, base: editorBase(values) };
  const done = (what: string) => `${editorPath(definition, itemId)}?done=${what}`;
  switch (intentOf(values.intent)) {
    case 'save':
      return outcome(async () => {
        await saveDraft(actor, definition.type, itemId, candidate, { base: edit.base });
        return done('saved');
      });
    case 'publish':
      return outcome(async () => {
        await publishEdits(actor, definition.type, itemId, edit, { note: values.note, acknowledgedBookingIds: acknowledged(formData, 'publishAcknowledge') });
        return done('published');
      });
    case 'schedule':
      return outcome(async () => {
        await scheduleEdits(actor, definition.type, itemId, edit, values.publishAt ?? '', {
          acknowledgedBookingIds: acknowledged(formData, 'scheduleAcknowledge'),
        });
        return done('scheduled');
      });
    case 'preview-link':
      // The link is shown once, here: only a hash of its secret is kept.
      return outcome(async () => {
        const days = Number(values.days);
        const { token, expiresAt } = await createPreviewLinkForEdits(actor, definition.type, itemId, edit, {
          days: [1, 7, 30].includes(days) ? days : undefined,
        });
        revalidatePath(editorPath(definition, itemId));
        return { status: 'success', values: shown, errors: {}, result: { url: `${config().SITE_URL}/preview/${token}`, expiresAt: expiresAt.toISOString() } };
      });
  }
}

export async function unpublishAction(type: string, itemId: string, _previous: EditState, formData: FormData): Promise<EditState> {
  const { actor, definition } = await editorOf(type, itemId);
  const values = formValues(formData);
  if (values.confirm !== 'yes') return { status: 'error', values, errors: { confirm: 'Tick the box to confirm that this goes offline.' } };
  return formOutcome(values, async () => {
    await unpublishItem(actor, definition.type, itemId);
    return `${editorPath(definition, itemId)}?done=unpublished`;
  });
}

export async function discardDraftAction(type: string, itemId: string): Promise<void> {
  const { actor, definition } = await editorOf(type, itemId);
  // A new item exists only as its draft: once discarded, its editor is gone too.
  const back = (await hasLiveItem(definition.type, itemId)) ? editorPath(definition, itemId) : listPath(definition);
  await withOutcome(back, () => discardDraft(actor, definition.type, itemId), 'discarded');
}

export async function cancelScheduleAction(type: string, itemId: string): Promise<void> {
  const { actor, definition } = await editorOf(type, itemId);
  await withOutcome(editorPath(definition, itemId), () => cancelSchedule(actor, definition.type, itemId), 'schedule-cancelled');
}

export async function restoreVersionAction(type: string, itemId: string, version: number): Promise<void> {
  const { actor, definition } = await editorOf(type, itemId);
  await withOutcome(editorPath(definition, itemId), () => restoreVersion(actor, definition.type, itemId, Number(version)), 'restored');
}

export async function revokePreviewLinkAction(type: string, itemId: string, linkId: string): Promise<void> {
  const { actor, definition } = await editorOf(type, itemId);
  await withOutcome(editorPath(definition, itemId), () => revokePreviewLink(actor, definition.type, itemId, linkId), 'link-revoked');
}

/** Live preview in the insight editor: the same renderer and sanitiser as the public article page. */
export async function previewMarkdownAction(markdown: string): Promise<string> {
  await requireStaff('content', '/staff/content');
  const text = String(markdown).slice(0, 100_000);
  return renderMarkdown(text, await imagesNamedIn(text));
}
