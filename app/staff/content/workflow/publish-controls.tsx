'use client';

import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/form-field';
import { useEditorForm, useStepFailure } from '../editor/editor-form';
import { EDITOR_FORM_ID } from '../editor/editor-state';
import type { ConflictView } from './booking-acknowledgements';
import { FormAlert } from './form-alert';
import { StepAcknowledgements } from './step-acknowledgements';

/**
 * Publish what the editor shows, with an optional note for the history: the button posts the editor's form, which saves
 * the fields as the draft and publishes them in one step (nothing is stored when either is refused).
 */
export function PublishControls({ conflicts, zone }: { conflicts: readonly ConflictView[]; zone: string }) {
  const { state, pending } = useEditorForm();
  const failure = useStepFailure('publish', 'Nothing was published: correct the fields marked in the editor.');
  return (
    <div className="space-y-3">
      <FormAlert message={failure} />
      <TextArea
        form={EDITOR_FORM_ID}
        name="note"
        label="Note for the history"
        rows={2}
        maxLength={500}
        defaultValue={state.values.note ?? ''}
        hint="What changed and why, for whoever reads the history."
      />
      <StepAcknowledgements intent="publish" ofDraft={conflicts} zone={zone} />
      <Button type="submit" form={EDITOR_FORM_ID} name="intent" value="publish" disabled={pending}>
        Publish
      </Button>
    </div>
  );
}
