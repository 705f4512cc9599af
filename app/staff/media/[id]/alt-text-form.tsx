'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import type { FormState } from '@/lib/forms/form-state';
import { initialFormState } from '@/lib/forms/form-state';

type Action = (state: FormState<null>, data: FormData) => Promise<FormState<null>>;

/** Alt text says what the image shows; "decorative" is an explicit choice that renders alt="". */
export function AltTextForm({ action, alt, decorative }: { action: Action; alt: string; decorative: boolean }) {
  const [state, formAction, pending] = useActionState(action, initialFormState<null>());
  const values = state.status === 'idle' ? { alt, decorative: decorative ? 'on' : '' } : state.values;
  const error = state.errors.alt ?? state.errors.form;
  return (
    <form action={formAction} className="space-y-3">
      <div>
        <label htmlFor="alt" className="block font-medium">
          Alt text
        </label>
        <p id="alt-hint" className="mt-1 text-sm text-ink-muted">
          What the image shows, for someone who cannot see it, in a sentence or two. Not its file name.
        </p>
        <textarea
          id="alt"
          name="alt"
          rows={3}
          maxLength={300}
          defaultValue={values.alt ?? ''}
          key={state.status === 'error' ? 'error' : 'idle'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'alt-hint alt-error' : 'alt-hint'}
          className="mt-1 block w-full rounded-md border border-ink/40 bg-surface px-3 py-2 text-ink"
        />
        {error && (
          <p id="alt-error" className="mt-1 text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </div>
      <label className="flex items-start gap-2">
        <input type="checkbox" name="decorative" defaultChecked={values.decorative === 'on'} className="mt-1 h-4 w-4" />
        <span>
          Decorative: it adds nothing the text does not say, so screen readers skip it (<code>alt=&quot;&quot;</code>).
        </span>
      </label>
      {state.status === 'success' && (
        <p role="status" className="rounded-md border border-line bg-paper p-3 text-sm">
          Saved. Pages that show this image use it from now on.
        </p>
      )}
      <Button type="submit" disabled={pending}>
        Save alt text
      </Button>
    </form>
  );
}
