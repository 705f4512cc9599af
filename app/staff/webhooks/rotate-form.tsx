'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import type { SecretFormState } from './endpoint-form-state';
import { emptySecretForm } from './endpoint-form-state';
import { SecretNotice } from './secret-notice';

type Action = (state: SecretFormState, data: FormData) => Promise<SecretFormState>;

/** Rotate the signing secret: the new one is shown once, the old one keeps signing beside it for the overlap. */
export function RotateForm({ action, overlaps, defaultOverlap }: { action: Action; overlaps: readonly number[]; defaultOverlap: number }) {
  const [state, formAction, pending] = useActionState(action, emptySecretForm);
  return (
    <>
      {state.secret && <SecretNotice secret={state.secret} what="The secret was rotated. The new signing secret:" />}
      <form action={formAction} className="mt-4 flex flex-wrap items-end gap-3" id="rotate-secret">
        <div>
          <label htmlFor="overlapHours" className="block font-medium">
            Keep signing with the old secret too, for
          </label>
          <select
            id="overlapHours"
            name="overlapHours"
            defaultValue={String(defaultOverlap)}
            aria-invalid={state.errors.overlapHours ? true : undefined}
            aria-describedby={state.errors.overlapHours ? 'overlapHours-error' : undefined}
            className="mt-1 block rounded-md border border-ink/40 bg-surface px-3 py-2"
          >
            {overlaps.map((hours) => (
              <option key={hours} value={hours}>
                {hours === 1 ? '1 hour' : hours % 24 === 0 ? `${hours / 24} ${hours === 24 ? 'day' : 'days'}` : `${hours} hours`}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary" size="sm" disabled={pending}>
          {pending ? 'Rotating…' : 'Rotate secret'}
        </Button>
      </form>
      {state.errors.overlapHours && (
        <p id="overlapHours-error" role="alert" className="mt-2 text-sm font-medium text-danger">
          {state.errors.overlapHours}
        </p>
      )}
    </>
  );
}
