'use client';

import { useActionState } from 'react';
import { BrowserSubmissionKey } from '@/components/forms/browser-submission-key';
import { Button } from '@/components/ui/button';
import { FormErrorSummary } from '@/components/ui/form-field';
import type { BuyerForm } from './buyer-input-fields';
import { allFields, EITHER_OR_ERROR_KEY } from './buyer-input-fields';
import { BuyerInput } from './buyer-input';
import type { BuyFormState } from './buy-form-state';
import { INITIAL_BUY_FORM_STATE } from './buy-form-state';
import { EitherOrFields } from './either-or-fields';

type Action = (state: BuyFormState, data: FormData) => Promise<BuyFormState>;

/**
 * The "Buy" form of a self-serve service, built from its buyerInputSchema. Works without JavaScript:
 * the action starts checkout and redirects to the payment page, or renders the errors with the typed values.
 * The service page is shared by every visitor through caches, so the submission key is made in each browser.
 */
export function BuyForm({
  action,
  purchaseDigest,
  form,
  submitLabel,
}: {
  action: Action;
  purchaseDigest: string;
  form: BuyerForm;
  /** "Buy for $590". */
  submitLabel: string;
}) {
  const [state, formAction, pending] = useActionState(action, INITIAL_BUY_FORM_STATE);
  const { values, errors, notice } = state;
  const asksForInputs = allFields(form).length > 0;
  return (
    <form action={formAction} noValidate className="space-y-6">
      {notice && (
        <div role="alert" className="rounded-md border border-accent p-4 font-medium">
          {notice}
        </div>
      )}
      <FormErrorSummary errors={errors} />
      <BrowserSubmissionKey />
      <input type="hidden" name="purchaseDigest" value={purchaseDigest} />
      {asksForInputs && <p className="text-sm text-ink-muted">We need a few details to do the work. Fields marked required must be filled in.</p>}
      {form.eitherOr && (
        <EitherOrFields
          errorKey={EITHER_OR_ERROR_KEY}
          explanation={form.eitherOr.explanation}
          branches={form.eitherOr.branches}
          values={values}
          errors={errors}
        />
      )}
      {form.fields.map((field) => (
        <BuyerInput key={field.name} field={field} values={values} errors={errors} />
      ))}
      <div>
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending ? 'Starting checkout…' : submitLabel}
        </Button>
        <p className="mt-3 text-sm text-ink-muted">You review the order and pay on the next page.</p>
      </div>
    </form>
  );
}
