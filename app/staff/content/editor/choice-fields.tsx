import type { ReactNode } from 'react';
import type { Option } from '../forms/field-spec';

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm font-medium text-danger">
      {error}
    </p>
  ) : null;
}

export function CheckboxField({ name, label, checked, error }: { name: string; label: string; checked: boolean; error?: string }) {
  return (
    <div>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          name={name}
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : undefined}
          className="h-4 w-4"
        />
        {label}
      </label>
      <ErrorText id={`${name}-error`} error={error} />
    </div>
  );
}

/** A group of checkboxes that sends one value per ticked box. */
export function ChoicesField({
  name,
  label,
  options,
  chosen,
  error,
  hint,
}: {
  name: string;
  label: string;
  options: readonly Option[];
  chosen: readonly string[];
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="font-medium">
        {label} <span className="text-ink-muted">(required)</span>
      </legend>
      {hint && <p className="mt-1 text-sm text-ink-muted">{hint}</p>}
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2">
            <input type="checkbox" name={name} value={option.value} defaultChecked={chosen.includes(option.value)} className="h-4 w-4" />
            {option.label}
          </label>
        ))}
      </div>
      <ErrorText id={`${name}-error`} error={error} />
    </fieldset>
  );
}

/** A field the editor shows but does not change. */
export function ReadonlyField({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className="font-medium">{label}</p>
      <p className="mt-1 text-sm text-ink-muted">{value || '(none)'} · not edited here</p>
    </div>
  );
}
