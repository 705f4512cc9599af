import type { FormState } from '@/lib/forms/form-state';
import type { ConflictView } from '../workflow/booking-acknowledgements';

/**
 * The one form of an item's editor. Every button posts it, so Publish, Schedule and Create preview link send the fields
 * on screen: the panels beside the editor sit outside the form element and name it in their controls' `form` attribute.
 */
export const EDITOR_FORM_ID = 'item-editor';

/** Which button sent the form (its name is `intent`); Enter in a field is Save draft, the form's first button. */
export type EditorIntent = 'save' | 'publish' | 'schedule' | 'preview-link';

export const intentOf = (value: string | undefined): EditorIntent => (value === 'publish' || value === 'schedule' || value === 'preview-link' ? value : 'save');

/** The panels' own controls: not fields of the item, and sent back as they were typed when a step is refused. */
export const WORKFLOW_INPUTS = ['intent', 'note', 'publishAt', 'days', 'publishAcknowledge', 'scheduleAcknowledge'] as const;

export type PreviewLinkResult = { url: string; expiresAt: string };

/** After a post: the values back with their errors, the link just created, and bookings a calendar change must confirm. */
export type EditorState = FormState<PreviewLinkResult> & { conflicts?: ConflictView[] };

export type EditorAction = (state: EditorState, data: FormData) => Promise<EditorState>;
