import type { ReactNode } from 'react';

interface FieldProps {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
}

/** The id of the form a control belongs to when it stands outside that form's element. */
type FormOwner = { form?: string };

const INPUT =
  'mt-1 block w-full rounded-md border border-ink/40 bg-surface px-3 py-2 text-base text-ink placeholder:text-ink-muted aria-[invalid=true]:border-danger';

function describedBy(name: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** What ties a control to its label, hint and error, and marks it invalid: the same for every kind of field. */
function controlOf({ name, hint, error }: FieldProps) {
  return { id: name, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(name, hint, error), className: INPUT };
}

function FieldShell({ name, label, error, hint, required, children }: FieldProps & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={name} className="block font-medium">
        {label}
        {required ? <span className="text-ink-muted"> (required)</span> : <span className="text-ink-muted"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${name}-hint`} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  type = 'text',
  defaultValue,
  autoComplete,
  maxLength,
  step,
  form,
  ...field
}: FieldProps &
  FormOwner & {
    type?: 'text' | 'email' | 'tel' | 'url' | 'number' | 'password' | 'time' | 'datetime-local';
    defaultValue?: string;
    autoComplete?: string;
    maxLength?: number;
    step?: string;
  }) {
  return (
    <FieldShell {...field}>
      <input {...controlOf(field)} type={type} form={form} defaultValue={defaultValue} autoComplete={autoComplete} maxLength={maxLength} step={step} />
    </FieldShell>
  );
}

export function TextArea({
  defaultValue,
  rows = 5,
  maxLength,
  form,
  ...field
}: FieldProps & FormOwner & { defaultValue?: string; rows?: number; maxLength?: number }) {
  return (
    <FieldShell {...field}>
      <textarea {...controlOf(field)} rows={rows} form={form} defaultValue={defaultValue} maxLength={maxLength} />
    </FieldShell>
  );
}

export function SelectField({
  options,
  defaultValue,
  form,
  ...field
}: FieldProps & FormOwner & { options: readonly { value: string; label: string }[]; defaultValue?: string }) {
  return (
    <FieldShell {...field}>
      <select
        // React resets a form after its action; a select resets to the option marked as default when it
        // mounted, so a new submitted value remounts it to make that value the default.
        key={defaultValue ?? ''}
        {...controlOf(field)}
        form={form}
        defaultValue={defaultValue ?? ''}
      >
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/**
 * A summary at the top of a failed form, announced to screen readers. `errors.form` is about the whole form (e.g. the
 * sender must wait before sending again) and is shown here in full; the others sit next to their fields.
 */
export function FormErrorSummary({ errors }: { errors: Record<string, string> }) {
  const { form: aboutTheForm, ...fields } = errors;
  const count = Object.keys(fields).length;
  if (!aboutTheForm && count === 0) return null;
  return (
    <div role="alert" className="space-y-2 rounded-md border border-danger p-4 text-danger">
      {aboutTheForm && <p>{aboutTheForm}</p>}
      {count > 0 && <p>{count === 1 ? 'One field needs attention.' : `${count} fields need attention.`} The messages are next to the fields.</p>}
    </div>
  );
}
