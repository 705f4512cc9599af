'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import type { FormState } from '@/lib/forms/form-state';
import { initialFormState } from '@/lib/forms/form-state';
import { FormAlert } from './form-alert';

type Action = (state: FormState<null>, data: FormData) => Promise<FormState<null>>;

/** Taking a live item offline is its own action, behind a disclosure and a confirmation. */
export function UnpublishForm({ action, label }: { action: Action; label: string }) {
  const [state, formAction, pending] = useActionState(action, initialFormState<null>());
  const error = state.errors.confirm;
  return (
    <details className="rounded-md border border-line p-3" open={state.status === 'error'}>
      <summary className="cursor-pointer font-medium">{label}…</summary>
      <form action={formAction} className="mt-3 space-y-3">
        <FormAlert message={state.errors.form} />
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="confirm"
            value="yes"
            className="mt-1 h-4 w-4"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'confirm-error' : undefined}
          />
          <span>Yes: visitors, the API, search, the sitemap and the feed stop showing it now. Its content and history stay.</span>
        </label>
        {error && (
          <p id="confirm-error" className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
        <Button type="submit" variant="secondary" disabled={pending}>
          {label}
        </Button>
      </form>
    </details>
  );
}
