'use client';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/form-field';
import { useEditorForm, useStepFailure } from '../editor/editor-form';
import { EDITOR_FORM_ID } from '../editor/editor-state';
import { FormAlert } from './form-alert';

const LIFETIMES = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
];

/**
 * Creates a link for a reviewer without an account to what the editor shows (saved as the draft in the same step); the
 * link is shown once, here.
 */
export function PreviewLinkControls() {
  const { state, pending } = useEditorForm();
  const failure = useStepFailure('preview-link', 'No link was created: correct the fields marked in the editor.');
  return (
    <div className="space-y-3">
      <FormAlert message={failure} />
      <SelectField form={EDITOR_FORM_ID} name="days" label="Link works for" options={LIFETIMES} defaultValue={state.values.days ?? '7'} />
      <Button type="submit" form={EDITOR_FORM_ID} name="intent" value="preview-link" variant="secondary" disabled={pending}>
        Create preview link
      </Button>
      {state.status === 'success' && (
        <div role="status" className="space-y-1">
          <label htmlFor="preview-link" className="block text-sm font-medium">
            Preview link (copy it now: it is not shown again)
          </label>
          <input
            id="preview-link"
            readOnly
            value={state.result.url}
            className="block w-full rounded-md border border-ink/40 bg-surface px-3 py-2 font-mono text-sm"
          />
        </div>
      )}
    </div>
  );
}
