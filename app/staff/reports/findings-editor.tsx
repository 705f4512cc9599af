'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { FormErrorSummary } from '@/components/ui/form-field';
import { formatDateTime } from '@/lib/format';
import { FindingFieldset } from './finding-fieldset';
import type { FindingsFormState } from './findings-form';

type SaveFindings = (state: FindingsFormState, data: FormData) => Promise<FindingsFormState>;

function SaveStatus({ state, pending, zone }: { state: FindingsFormState; pending: boolean; zone: string }) {
  return (
    <p role="status" className="text-sm text-ink-muted" data-testid="draft-status">
      {pending ? 'Saving…' : state.savedAt ? `Draft saved ${formatDateTime(state.savedAt, zone)}.` : 'Not saved yet.'}
    </p>
  );
}

/**
 * The consultant's findings, any number of them. Every button saves the whole draft on the server first (adding or
 * removing a finding too), so work survives a closed tab and a refused publish; errors come back beside their fields.
 * Without JavaScript it works the same, one page load per button.
 */
export function FindingsEditor({ save, initial, zone }: { save: SaveFindings; initial: FindingsFormState; zone: string }) {
  const [state, formAction, pending] = useActionState(save, initial);
  const { drafts, errors } = state;
  const { form: refusal, findings: listError, ...fieldErrors } = errors;
  // Fields are uncontrolled: a new saved draft remounts them so they show what the server kept.
  const version = state.savedAt ?? 'unsaved';
  return (
    <form action={formAction} className="space-y-6" noValidate>
      {/* First in the form, so pressing Enter in a field saves the draft rather than pressing a Remove button. */}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" name="intent" value="save" variant="secondary" disabled={pending}>
          Save draft
        </Button>
        <SaveStatus state={state} pending={pending} zone={zone} />
      </div>
      {refusal && (
        <p role="alert" className="rounded-md border border-danger p-3 text-danger">
          {refusal}
        </p>
      )}
      <FormErrorSummary errors={fieldErrors} />
      {listError && (
        <p role="alert" className="rounded-md border border-danger p-3 text-danger" id="findings-error">
          {listError}
        </p>
      )}
      {drafts.length === 0 ? (
        <p>No findings yet. Add the first one.</p>
      ) : (
        <ol className="space-y-6">
          {drafts.map((draft, index) => (
            <li key={`${version}-${index}`}>
              <FindingFieldset index={index} draft={draft} errors={fieldErrors} />
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap gap-4 border-t border-line pt-6">
        <Button type="submit" name="intent" value="add" variant="secondary" disabled={pending}>
          Add a finding
        </Button>
        <Button type="submit" name="intent" value="publish" disabled={pending}>
          Publish the report
        </Button>
      </div>
    </form>
  );
}
