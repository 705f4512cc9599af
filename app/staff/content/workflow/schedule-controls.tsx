'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import type { FormState } from '@/lib/forms/form-state';
import { initialFormState } from '@/lib/forms/form-state';
import type { ConflictView } from './booking-acknowledgements';
import { BookingAcknowledgements } from './booking-acknowledgements';
import { FormAlert } from './form-alert';

type Action = (state: FormState<null>, data: FormData) => Promise<FormState<null>>;

/** A wall-clock time in the firm's zone, named beside the field, and the job publishes the draft then. */
export function ScheduleForm({
  action,
  zoneLabel,
  defaultValue,
  conflicts,
  zone,
}: {
  action: Action;
  zoneLabel: string;
  defaultValue: string;
  conflicts: readonly ConflictView[];
  zone: string;
}) {
  const [state, formAction, pending] = useActionState(action, initialFormState<null>());
  return (
    <form action={formAction} className="space-y-3">
      <FormAlert message={state.errors.form} />
      <TextField
        name="publishAt"
        label={`Publish at (${zoneLabel})`}
        type="datetime-local"
        required
        hint={`The firm's time zone, ${zoneLabel}. The draft as it is then goes live.`}
        defaultValue={state.values.publishAt ?? defaultValue}
        error={state.errors.publishAt}
      />
      <BookingAcknowledgements conflicts={conflicts} zone={zone} />
      <Button type="submit" variant="secondary" disabled={pending}>
        Schedule
      </Button>
    </form>
  );
}
