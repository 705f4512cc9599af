'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/form-field';
import type { FormState } from '@/lib/forms/form-state';
import { initialFormState } from '@/lib/forms/form-state';
import type { ConflictView } from './booking-acknowledgements';
import { BookingAcknowledgements } from './booking-acknowledgements';
import { FormAlert } from './form-alert';

type Action = (state: FormState<null>, data: FormData) => Promise<FormState<null>>;

/** Publish exactly the draft revision on screen, with an optional note for the history. */
export function PublishForm({ action, revision, conflicts, zone }: { action: Action; revision: number; conflicts: readonly ConflictView[]; zone: string }) {
  const [state, formAction, pending] = useActionState(action, initialFormState<null>());
  return (
    <form action={formAction} className="space-y-3">
      <FormAlert message={state.errors.form} />
      <input type="hidden" name="revision" value={revision} />
      <TextArea
        name="note"
        label="Note for the history"
        rows={2}
        maxLength={500}
        defaultValue={state.values.note ?? ''}
        hint="What changed and why, for whoever reads the history."
      />
      <BookingAcknowledgements conflicts={conflicts} zone={zone} />
      <Button type="submit" disabled={pending}>
        Publish
      </Button>
    </form>
  );
}
