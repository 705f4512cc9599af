'use client';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useEditorForm, useStepFailure } from '../editor/editor-form';
import { EDITOR_FORM_ID } from '../editor/editor-state';
import type { ConflictView } from './booking-acknowledgements';
import { FormAlert } from './form-alert';
import { StepAcknowledgements } from './step-acknowledgements';

/**
 * A wall-clock time in the firm's zone, named beside the field. The button posts the editor's form: what it shows is
 * saved as the draft and scheduled in one step, and the job publishes the draft as it is at that time.
 */
export function ScheduleControls({
  zoneLabel,
  defaultValue,
  conflicts,
  zone,
}: {
  zoneLabel: string;
  defaultValue: string;
  conflicts: readonly ConflictView[];
  zone: string;
}) {
  const { state, pending } = useEditorForm();
  const failure = useStepFailure('schedule', 'Nothing was scheduled: correct the fields marked in the editor.');
  return (
    <div className="space-y-3">
      <FormAlert message={failure} />
      <TextField
        form={EDITOR_FORM_ID}
        name="publishAt"
        label={`Publish at (${zoneLabel})`}
        type="datetime-local"
        required
        hint={`The firm's time zone, ${zoneLabel}. The draft as it is then goes live.`}
        defaultValue={state.values.publishAt ?? defaultValue}
        error={state.errors.publishAt}
      />
      <StepAcknowledgements intent="schedule" ofDraft={conflicts} zone={zone} />
      <Button type="submit" form={EDITOR_FORM_ID} name="intent" value="schedule" variant="secondary" disabled={pending}>
        Schedule
      </Button>
    </div>
  );
}
