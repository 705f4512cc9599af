import { TextField } from '@/components/ui/form-field';
import { listItemName } from './buyer-input-fields';
import { FieldError } from './field-error';

/** An optional list (e.g. competitors) as up to `maxItems` labelled text inputs. */
export function ListInputs({
  name,
  label,
  hint,
  maxItems,
  maxLength,
  values,
  error,
}: {
  name: string;
  label: string;
  hint?: string;
  maxItems: number;
  maxLength?: number;
  values: Record<string, string>;
  error?: string;
}) {
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const singular = label.replace(/s$/, '');
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="font-medium">
        {label} <span className="text-ink-muted">(optional)</span>
      </legend>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
      <div className="mt-3 space-y-4">
        {Array.from({ length: maxItems }, (_, index) => {
          const itemName = listItemName({ name }, index);
          return <TextField key={itemName} name={itemName} label={`${singular} ${index + 1}`} maxLength={maxLength} defaultValue={values[itemName]} />;
        })}
      </div>
    </fieldset>
  );
}
