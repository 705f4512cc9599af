'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import type { CalendarFormState } from './calendar-actions';

type FormAction = (state: CalendarFormState, formData: FormData) => Promise<CalendarFormState>;

function Refusal({ state, id }: { state: CalendarFormState; id: string }) {
  return state.error ? (
    <p id={id} role="alert" className="rounded-md border border-danger p-3 text-sm text-danger">
      {state.error}
    </p>
  ) : null;
}

/** CalDAV: server, user name and app password; tested before anything is saved. */
export function ConnectCaldavForm({ action }: { action: FormAction }) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-3" aria-describedby={state.error ? 'caldav-error' : undefined}>
      <h3 className="font-semibold">CalDAV account</h3>
      <Refusal state={state} id="caldav-error" />
      <TextField
        name="serverUrl"
        label="Server address"
        type="url"
        required
        defaultValue={state.values?.serverUrl}
        hint="For example https://caldav.fastmail.com/ or https://cloud.example.com/remote.php/dav"
      />
      <TextField name="username" label="User name" required autoComplete="off" defaultValue={state.values?.username} />
      <TextField name="password" label="App password" type="password" required autoComplete="new-password" hint="Stored encrypted and never shown again." />
      <Button type="submit" size="sm" disabled={pending}>
        {pending ? 'Testing the connection…' : 'Test and connect'}
      </Button>
    </form>
  );
}

/** A read-only iCalendar feed (Google's or Outlook's secret address). */
export function ConnectFeedForm({ action }: { action: FormAction }) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-3" aria-describedby={state.error ? 'feed-error' : undefined}>
      <h3 className="font-semibold">iCalendar feed (read-only)</h3>
      <Refusal state={state} id="feed-error" />
      <TextField
        name="feedUrl"
        label="Secret address in iCal format"
        type="url"
        required
        autoComplete="off"
        hint="Kept encrypted: only its host is shown afterwards."
      />
      <Button type="submit" size="sm" disabled={pending}>
        {pending ? 'Reading the feed…' : 'Test and connect'}
      </Button>
    </form>
  );
}

/** Makes a new private subscription address and shows it this once. */
export function SubscriptionForm({ action, exists }: { action: (state: CalendarFormState) => Promise<CalendarFormState>; exists: boolean }) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-2">
      {state.subscriptionUrl && (
        <div role="status" className="rounded-md border border-line p-3 text-sm">
          <p>Copy this address now; it is not shown again. Add it in Google Calendar (From URL) or Outlook (Subscribe from web):</p>
          <p className="mt-2 font-mono break-all">{state.subscriptionUrl}</p>
        </div>
      )}
      <Button type="submit" variant="secondary" size="sm" disabled={pending}>
        {exists ? 'Make a new address (the old one stops working)' : 'Make a subscription address'}
      </Button>
    </form>
  );
}
