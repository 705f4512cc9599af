/** What a form's server action returns: the typed values back (so nothing is lost), errors per field, or the result. */
export type FormState<Result> =
  | { status: 'idle'; values: Record<string, string>; errors: Record<string, string> }
  | { status: 'error'; values: Record<string, string>; errors: Record<string, string> }
  | { status: 'success'; values: Record<string, string>; errors: Record<string, string>; result: Result };

export function initialFormState<Result>(): FormState<Result> {
  return { status: 'idle', values: {}, errors: {} };
}

/** Every text value of the form, as typed, to send back with errors. */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value !== 'string' || key.startsWith('$ACTION')) continue;
    values[key] = key in values ? `${values[key]}\n${value}` : value;
  }
  return values;
}

/** An optional text field: empty means absent. */
export function optional(value: FormDataEntryValue | null): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
