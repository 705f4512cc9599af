'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/form-field';
import type { FormState } from '@/lib/forms/form-state';
import { initialFormState } from '@/lib/forms/form-state';
import { FormAlert } from './form-alert';

type Result = { url: string; expiresAt: string };
type Action = (state: FormState<Result>, data: FormData) => Promise<FormState<Result>>;

const LIFETIMES = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
];

/** Creates a link for a reviewer without an account; the link is shown once, here. */
export function PreviewLinkForm({ action }: { action: Action }) {
  const [state, formAction, pending] = useActionState(action, initialFormState<Result>());
  return (
    <form action={formAction} className="space-y-3">
      <FormAlert message={state.errors.form} />
      <SelectField name="days" label="Link works for" options={LIFETIMES} defaultValue={state.values.days ?? '7'} />
      <Button type="submit" variant="secondary" disabled={pending}>
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
    </form>
  );
}
