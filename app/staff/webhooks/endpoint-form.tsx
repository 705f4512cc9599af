'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { FormErrorSummary, TextField } from '@/components/ui/form-field';
import { ChoicesField } from '../content/editor/choice-fields';
import type { SecretFormState } from './endpoint-form-state';
import { emptySecretForm } from './endpoint-form-state';
import { SecretNotice } from './secret-notice';

type Action = (state: SecretFormState, data: FormData) => Promise<SecretFormState>;

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** Add an endpoint: its address, what it is for, and the events it wants. The answer shows its secret once. */
export function EndpointForm({ action, eventTypes }: { action: Action; eventTypes: readonly string[] }) {
  const [state, formAction, pending] = useActionState(action, emptySecretForm);
  const chosen = state.values.eventTypes;
  return (
    <>
      {state.secret && state.endpointId && (
        <>
          <SecretNotice secret={state.secret} what="The endpoint was added. Its signing secret:" />
          <p className="mt-3">
            <Link className="underline underline-offset-4" href={`/staff/webhooks/${state.endpointId}`}>
              Open the endpoint
            </Link>{' '}
            to send a test event.
          </p>
        </>
      )}
      <form action={formAction} className="mt-6 max-w-2xl space-y-5" id="add-endpoint">
        <FormErrorSummary errors={state.errors} />
        <TextField
          name="url"
          label="Address"
          type="url"
          required
          maxLength={2000}
          defaultValue={one(state.values.url)}
          error={state.errors.url}
          hint="https:// only; the host must resolve to public addresses. Plain http only to a host:port in WEBHOOK_ALLOWED_HOSTS."
        />
        <TextField name="description" label="Description" maxLength={200} defaultValue={one(state.values.description)} error={state.errors.description} />
        <ChoicesField
          name="eventTypes"
          label="Events"
          options={eventTypes.map((type) => ({ value: type, label: type }))}
          chosen={Array.isArray(chosen) ? chosen : []}
          error={state.errors.eventTypes}
        />
        <Button type="submit" disabled={pending}>
          {pending ? 'Adding…' : 'Add endpoint'}
        </Button>
      </form>
    </>
  );
}
