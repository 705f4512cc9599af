import { Fragment } from 'react';
import type { BuyerField } from './buyer-input-fields';
import { BuyerInput } from './buyer-input';
import { FieldError } from './field-error';

/** The either/or rule as one group: its explanation, then each alternative's fields, separated by "or". */
export function EitherOrFields({
  errorKey,
  explanation,
  branches,
  values,
  errors,
}: {
  errorKey: string;
  explanation: string;
  branches: BuyerField[][];
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const errorId = `${errorKey}-error`;
  return (
    <fieldset aria-describedby={errors[errorKey] ? errorId : undefined}>
      <legend className="font-medium">
        {explanation} <span className="text-ink-muted">(required)</span>
      </legend>
      <FieldError id={errorId} message={errors[errorKey]} />
      <div className="mt-3 space-y-3">
        {branches.map((branch, index) => (
          <Fragment key={branch.map((field) => field.name).join('+')}>
            {index > 0 && <p className="text-sm font-semibold uppercase tracking-wide text-ink-muted">or</p>}
            <div className="space-y-4 rounded-md border border-line p-4">
              {branch.map((field) => (
                <BuyerInput key={field.name} field={field} values={values} errors={errors} />
              ))}
            </div>
          </Fragment>
        ))}
      </div>
    </fieldset>
  );
}
