/** What the buy action sends back when it cannot start checkout: the typed values, errors per field, a notice. */
export interface BuyFormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** A message about the whole form, e.g. the offer changed since the page was opened. */
  notice: string | null;
}

export const INITIAL_BUY_FORM_STATE: BuyFormState = { values: {}, errors: {}, notice: null };
