'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import type { SignInState } from './actions';

type Action = (state: SignInState, data: FormData) => Promise<SignInState>;

export function SignInForm({ action, next }: { action: Action; next: string }) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="mt-8 space-y-5">
      {state.error && (
        <p role="alert" className="rounded-md border border-danger p-3 text-danger">
          {state.error}
        </p>
      )}
      <input type="hidden" name="next" value={next} />
      <TextField name="email" label="Email" type="email" required autoComplete="username" defaultValue={state.email} />
      <TextField name="password" label="Password" type="password" required autoComplete="current-password" />
      <Button type="submit" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
