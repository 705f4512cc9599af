'use client';

import type { ReactNode } from 'react';
import { createContext, use, useActionState } from 'react';
import { initialFormState } from '@/lib/forms/form-state';
import type { EditorAction, EditorIntent, EditorState, PreviewLinkResult } from './editor-state';
import { intentOf } from './editor-state';

interface EditorForm {
  state: EditorState;
  formAction: (data: FormData) => void;
  pending: boolean;
}

const EditorFormContext = createContext<EditorForm | null>(null);

/**
 * The state of the editor's one form, shared by the editor and the workflow panels beside it: whichever button posted,
 * the fields show its values and errors, and its panel its message. Without JavaScript the form posts the same action
 * and the page comes back with the same state.
 */
export function EditorFormProvider({ action, children }: { action: EditorAction; children: ReactNode }) {
  const [state, formAction, pending] = useActionState(action, initialFormState<PreviewLinkResult>());
  return <EditorFormContext value={{ state, formAction, pending }}>{children}</EditorFormContext>;
}

export function useEditorForm(): EditorForm {
  const form = use(EditorFormContext);
  if (!form) throw new Error('useEditorForm needs an EditorFormProvider around it');
  return form;
}

/**
 * Why the last post from `intent`'s button changed nothing, for its panel: the refusal, or `fieldsMessage` when the
 * item's fields were refused (their messages stand next to them in the editor).
 */
export function useStepFailure(intent: EditorIntent, fieldsMessage: string): string | undefined {
  const { state } = useEditorForm();
  if (state.status !== 'error' || intentOf(state.values.intent) !== intent) return undefined;
  const { form, publishAt: _publishAt, ...fields } = state.errors;
  return form ?? (Object.keys(fields).length > 0 ? fieldsMessage : undefined);
}
