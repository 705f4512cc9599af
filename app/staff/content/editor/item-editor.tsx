'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { FormErrorSummary } from '@/components/ui/form-field';
import type { FormState } from '@/lib/forms/form-state';
import { initialFormState } from '@/lib/forms/form-state';
import type { Field } from '../forms/field-spec';
import { FieldInput } from './field-input';

type SaveAction = (state: FormState<null>, data: FormData) => Promise<FormState<null>>;

/** The editor of one item: its fields, errors next to them, and Save draft (publishing is its own step). */
export function ItemEditor({
  fields,
  initial,
  save,
  renderMarkdown,
}: {
  fields: readonly Field[];
  initial: Record<string, string>;
  save: SaveAction;
  renderMarkdown: (markdown: string) => Promise<string>;
}) {
  const [state, formAction, pending] = useActionState(save, initialFormState<null>());
  const values = state.status === 'error' ? state.values : initial;
  const { errors } = state;
  return (
    // The server checks every field with the content files' rules and answers next to each; the browser's own checks
    // would stop the form before that with messages of its own.
    <form action={formAction} noValidate className="space-y-6">
      <FormErrorSummary errors={Object.fromEntries(Object.entries(errors).filter(([key]) => key !== 'form'))} />
      {errors.form && (
        <p role="alert" className="rounded-md border border-danger p-3 text-danger">
          {errors.form}
        </p>
      )}
      {fields.map((field) => (
        <FieldInput key={field.name} field={field} values={values} errors={errors} renderMarkdown={renderMarkdown} />
      ))}
      <Button type="submit" disabled={pending}>
        Save draft
      </Button>
    </form>
  );
}
