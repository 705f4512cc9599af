import { FieldError } from './field-error';

/** A confirmation the buyer must tick, e.g. that they may act for the business being audited. */
export function ConfirmCheckbox({
  name,
  label,
  required,
  defaultChecked,
  error,
}: {
  name: string;
  label: string;
  required: boolean;
  defaultChecked: boolean;
  error?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={name}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 h-5 w-5 shrink-0 accent-accent"
        />
        <label htmlFor={name}>
          {label}
          <span className="text-ink-muted"> {required ? '(required)' : '(optional)'}</span>
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
