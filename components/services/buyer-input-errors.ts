import type { ValidationErrorItem } from '@/lib/contract/errors';
import { humanMessage } from '@/lib/forms/human-messages';
import type { BuyerForm } from './buyer-input-fields';
import { allFields, EITHER_OR_ERROR_KEY } from './buyer-input-fields';

/**
 * Checkout's validation items (loc ["body","buyerInputs",name,…] or ["body","buyerInputs"] for the
 * either/or rule) as one message per form field, in words that fit a person filling in the form.
 */
export function buyerInputErrors(form: BuyerForm, items: ValidationErrorItem[]): Record<string, string> {
  const fields = new Map(allFields(form).map((field) => [field.name, field]));
  const errors: Record<string, string> = {};
  for (const item of items) {
    const [, , name, ...rest] = item.loc.map(String);
    if (name === undefined) {
      const explanation = form.eitherOr?.explanation;
      errors[EITHER_OR_ERROR_KEY] ??= explanation ? `Please ${explanation.charAt(0).toLowerCase()}${explanation.slice(1)}` : humanMessage(item);
      continue;
    }
    const field = fields.get(name);
    if (field?.kind === 'confirm' && (item.type === 'missing' || item.type === 'literal_error')) {
      errors[name] ??= 'Please tick this box to continue.';
    } else if (field?.kind === 'list') {
      // Item errors are reported on the list as a whole: empty entries are dropped before validation,
      // so an item's index need not match the input it came from.
      const duplicate = item.type === 'value_error' && rest.length === 0;
      errors[name] ??= duplicate ? 'Please name each one only once.' : humanMessage(item);
    } else {
      errors[name] ??= humanMessage(item);
    }
  }
  return errors;
}
