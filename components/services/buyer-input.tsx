import { TextField } from '@/components/ui/form-field';
import type { BuyerField } from './buyer-input-fields';
import { ConfirmCheckbox } from './confirm-checkbox';
import { ListInputs } from './list-inputs';

/** One field of the buy form, drawn by its kind; typed values and errors come from the last submission. */
export function BuyerInput({ field, values, errors }: { field: BuyerField; values: Record<string, string>; errors: Record<string, string> }) {
  const shared = { name: field.name, label: field.label, error: errors[field.name] };
  switch (field.kind) {
    case 'confirm':
      return <ConfirmCheckbox {...shared} required={field.required} defaultChecked={values[field.name] !== undefined} />;
    case 'list':
      return <ListInputs {...shared} hint={field.hint} maxItems={field.maxItems} maxLength={field.maxLength} values={values} />;
    default:
      return (
        <TextField {...shared} type={field.kind} hint={field.hint} required={field.required} maxLength={field.maxLength} defaultValue={values[field.name]} />
      );
  }
}
