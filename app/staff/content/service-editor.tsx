'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { FormErrorSummary, TextArea, TextField } from '@/components/ui/form-field';
import type { FormState } from '@/lib/forms/form-state';
import { initialFormState } from '@/lib/forms/form-state';

type SaveAction = (state: FormState<null>, data: FormData) => Promise<FormState<null>>;

export function ServiceEditor({ save, initial }: { save: SaveAction; initial: Record<string, string> }) {
  const [state, formAction, pending] = useActionState(save, initialFormState<null>());
  const values = state.status === 'error' ? state.values : initial;
  const { errors } = state;
  return (
    <form action={formAction} className="space-y-6">
      <FormErrorSummary errors={errors} />
      <TextField name="name" label="Name" required maxLength={200} defaultValue={values.name} error={errors.name} />
      <TextArea name="description" label="Description" required rows={4} maxLength={2000} defaultValue={values.description} error={errors.description} />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          name="price"
          label="Price (USD)"
          type="number"
          required
          hint="Publishing a new price changes the offer: checkouts started with the old price are refused."
          defaultValue={values.price}
          error={errors.price}
        />
        <TextField name="priceGuarantee" label="Price guarantee" maxLength={500} defaultValue={values.priceGuarantee} error={errors.priceGuarantee} />
      </div>
      <TextField name="timelineDescription" label="Timeline" required maxLength={500} defaultValue={values.timelineDescription} error={errors.timelineDescription} />
      <div className="flex flex-wrap gap-4">
        <Button type="submit" name="intent" value="draft" variant="secondary" disabled={pending}>
          Save as draft (hides the service)
        </Button>
        <Button type="submit" name="intent" value="publish" disabled={pending}>
          Publish changes
        </Button>
      </div>
    </form>
  );
}
