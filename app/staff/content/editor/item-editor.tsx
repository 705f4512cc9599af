'use client';

import { Button } from '@/components/ui/button';
import { FormErrorSummary } from '@/components/ui/form-field';
import type { Field } from '../forms/field-spec';
import { useEditorForm } from './editor-form';
import { EDITOR_FORM_ID, intentOf } from './editor-state';
import { FieldInput } from './field-input';
import { UnsavedEditsGuard } from './unsaved-edits-guard';

/**
 * The editor of one item: its fields, errors next to them, and Save draft. Publish, Schedule and Create preview link sit
 * in the panels beside it and post this same form, so each takes what is on screen. `base` (absent for a new item) is
 * what the editor was opened on, sent back so a save from a stale editor is refused.
 */
export function ItemEditor({
  fields,
  initial,
  base,
  renderMarkdown,
}: {
  fields: readonly Field[];
  initial: Record<string, string>;
  base?: { revision: number | null; liveVersion: number };
  renderMarkdown: (markdown: string) => Promise<string>;
}) {
  const { state, formAction, pending } = useEditorForm();
  const failed = state.status === 'error';
  const values = failed ? state.values : initial;
  // The schedule's time has its own field in its panel; a refusal of the whole form stands in the panel that posted it.
  const { form: aboutTheForm, publishAt: _publishAt, ...errors } = state.errors;
  const refusal = intentOf(state.values.intent) === 'save' ? aboutTheForm : undefined;
  return (
    // The server checks every field with the content files' rules and answers next to each; the browser's own checks
    // would stop the form before that with messages of its own.
    <form id={EDITOR_FORM_ID} action={formAction} noValidate className="space-y-6">
      <FormErrorSummary errors={errors} />
      {refusal && (
        <p role="alert" className="rounded-md border border-danger p-3 text-danger">
          {refusal}
        </p>
      )}
      {base && (
        <>
          <input type="hidden" name="revision" value={base.revision ?? ''} />
          <input type="hidden" name="liveVersion" value={base.liveVersion} />
        </>
      )}
      {fields.map((field) => (
        <FieldInput key={field.name} field={field} values={values} errors={errors} renderMarkdown={renderMarkdown} />
      ))}
      <Button type="submit" name="intent" value="save" disabled={pending}>
        Save draft
      </Button>
      <UnsavedEditsGuard formId={EDITOR_FORM_ID} savedKey={JSON.stringify(initial)} failed={failed} />
    </form>
  );
}
