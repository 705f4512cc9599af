import type { AuditFinding } from '../finding';
import { quote } from '../finding';
import type { FormSummary } from '../forms';
import type { ParsedPage } from '../parsed-page';

/** Name, contact and one question is enough to start a sale; each field past these counts costs completions. */
export const FORM_FIELDS_MINOR = 5;
export const FORM_FIELDS_MAJOR = 8;
export const REQUIRED_FIELDS_MINOR = 4;
export const REQUIRED_FIELDS_MAJOR = 6;

function weight(form: FormSummary): number {
  return form.fields.length + form.fields.filter((field) => field.required).length;
}

/** The form in front of the buyer: every field is a small decision, asked before they have decided to buy. */
export function checkFormFriction({ forms }: ParsedPage): AuditFinding | null {
  if (forms.length === 0) return null;
  const form = forms.reduce((heaviest, candidate) => (weight(candidate) > weight(heaviest) ? candidate : heaviest));
  const fieldCount = form.fields.length;
  const required = form.fields.filter((field) => field.required).length;
  if (fieldCount < FORM_FIELDS_MINOR && required < REQUIRED_FIELDS_MINOR) return null;
  const major = fieldCount >= FORM_FIELDS_MAJOR || required >= REQUIRED_FIELDS_MAJOR;
  return {
    id: 'offer.heavy-form',
    category: 'form',
    severity: major ? 'major' : 'minor',
    title: `The form asks for ${fieldCount} fields, ${required} of them required`,
    detail:
      'The form asks the buyer for work before they have decided anything: each field is another moment to reconsider, and long forms are abandoned halfway. Questions you need only once the sale is agreed belong after it.',
    recommendation:
      'Cut the form to what you need to reply: name, phone or email, and one question (“What do you need done?”). Ask for the address, budget and details on the call, and mark only those few fields required.',
    evidence: quote(`Form “${form.name}”: ${form.fields.map((field) => `${field.label}${field.required ? ' (required)' : ''}`).join(', ')}`),
  };
}
