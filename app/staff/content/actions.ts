'use server';

import { revalidatePath } from 'next/cache';
import { notFound, redirect } from 'next/navigation';
import { config } from '@/lib/config';
import type { AnyContentType } from '@/lib/domain/content-workflow/content-type';
import { contentType, isContentTypeId } from '@/lib/domain/content-workflow/content-types';
import { discardDraft, hasLiveItem, saveDraft, workingItem } from '@/lib/domain/content-workflow/drafts';
import { createPreviewLink, revokePreviewLink } from '@/lib/domain/content-workflow/preview-links';
import { publishDraft, unpublishItem } from '@/lib/domain/content-workflow/publishing';
import { restoreVersion } from '@/lib/domain/content-workflow/restore-version';
import { cancelSchedule, scheduleDraft } from '@/lib/domain/content-workflow/scheduling';
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
import { blankItem, fieldsOf } from './forms/fields-of';
import { errorsForFields, formValuesOf, itemFromForm } from './forms/item-from-form';

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

/** Runs a form's work: field errors and domain refusals come back to the form, success goes to `then`. */
async function formOutcome(
  values: Record<string, string>,
  work: () => Promise<string>,
  placeErrors = (errors: Record<string, string>) => errors,
): Promise<EditState> {
  let then: string;
  try {
    then = await work();
  } catch (error) {
    if (error instanceof InputValidationError) return { status: 'error', values, errors: placeErrors(fieldErrors(error.items)) };
    if (error instanceof DomainError) return { status: 'error', values, errors: { form: error.message } };
    throw error;
  }
  revalidatePath('/staff/content');
  redirect(then);
}

const acknowledged = (formData: FormData) => formData.getAll('acknowledge').filter((value): value is string => typeof value === 'string');

/** Save draft: the form read into the item (fields it does not show kept), validated with the content files' rules. */
export async function saveDraftAction(type: string, itemId: string | null, _previous: EditState, formData: FormData): Promise<EditState> {
  const { actor, definition } = await editorOf(type, itemId);
  const fields = await fieldsOf(definition.type, { isNew: itemId === null });
  const base = itemId === null ? blankItem(definition.type, actor.displayName) : await workingItem(definition.type, itemId);
  if (base === null) notFound();
  const candidate = itemFromForm(fields, formValues(formData), base);
  return formOutcome(
    formValuesOf(fields, candidate),
    async () => `${editorPath(definition, (await saveDraft(actor, definition.type, itemId, candidate)).itemId)}?done=saved`,
    (errors) => errorsForFields(fields, errors),
  );
}

export async function publishAction(type: string, itemId: string, _previous: EditState, formData: FormData): Promise<EditState> {
  const { actor, definition } = await editorOf(type, itemId);
  const values = formValues(formData);
  return formOutcome(values, async () => {
    const revision = Number(values.revision);
    await publishDraft(actor, definition.type, itemId, { revision, note: values.note, acknowledgedBookingIds: acknowledged(formData) });
    return `${editorPath(definition, itemId)}?done=published`;
  });
}

export async function scheduleAction(type: string, itemId: string, _previous: EditState, formData: FormData): Promise<EditState> {
  const { actor, definition } = await editorOf(type, itemId);
  const values = formValues(formData);
  return formOutcome(values, async () => {
    await scheduleDraft(actor, definition.type, itemId, values.publishAt ?? '', { acknowledgedBookingIds: acknowledged(formData) });
    return `${editorPath(definition, itemId)}?done=scheduled`;
  });
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

export type PreviewLinkState = FormState<{ url: string; expiresAt: string }>;

/** The link is shown once, here: only a hash of its secret is kept. */
export async function createPreviewLinkAction(type: string, itemId: string, _previous: PreviewLinkState, formData: FormData): Promise<PreviewLinkState> {
  const { actor, definition } = await editorOf(type, itemId);
  const values = formValues(formData);
  const days = Number(values.days);
  try {
    const { token, expiresAt } = await createPreviewLink(actor, definition.type, itemId, { days: [1, 7, 30].includes(days) ? days : undefined });
    revalidatePath(editorPath(definition, itemId));
    return { status: 'success', values, errors: {}, result: { url: `${config().SITE_URL}/preview/${token}`, expiresAt: expiresAt.toISOString() } };
  } catch (error) {
    if (error instanceof DomainError) return { status: 'error', values, errors: { form: error.message } };
    throw error;
  }
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
