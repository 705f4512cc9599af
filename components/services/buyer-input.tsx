import { TextField } from '@/components/ui/form-field';
import type { BuyerField } from './buyer-input-fields';
import { ConfirmCheckbox } from './confirm-checkbox';
import { ListInputs } from './list-inputs';

/** One field of the buy form, drawn by its kind; typed values and errors come from the last submission. */
export function BuyerInput({ field, values, errors }: { field: BuyerField; values: Record<string, string>; errors: Record<string, string> }) {
  switch (field.kind) {
    case 'confirm':
      return (
        <ConfirmCheckbox
          name={field.name}
          label={field.label}
          required={field.required}
          defaultChecked={values[field.name] !== undefined}
          error={errors[field.name]}
        />
      );
    case 'list':
      return (
        <ListInputs
          name={field.name}
          label={field.label}
          hint={field.hint}
          maxItems={field.maxItems}
          maxLength={field.maxLength}
          values={values}
          error={errors[field.name]}
        />
      );
    default:
      return (
        <TextField
          name={field.name}
          label={field.label}
          type={field.kind}
          hint={field.hint}
          required={field.required}
          maxLength={field.maxLength}
          defaultValue={values[field.name]}
          error={errors[field.name]}
        />
      );
  }
}
