import type { BuyerInputSchemaBody } from '@/lib/contract/catalogue';

/**
 * The buy form's fields, read from the service's buyerInputSchema: the same JSON Schema the API
 * publishes and checkout validates against, so the form can never ask for something else.
 * Plain data (no JSX) so the server page, the client form and the server action share it.
 */

export type BuyerField =
  | { kind: 'text' | 'url'; name: string; label: string; hint?: string; required: boolean; maxLength?: number }
  | { kind: 'list'; name: string; label: string; hint?: string; maxItems: number; maxLength?: number }
  | { kind: 'confirm'; name: string; label: string; required: boolean };

export interface BuyerForm {
  /** Fields outside any either/or group, confirmations last. */
  fields: BuyerField[];
  /** The either/or rule: one group of fields per alternative, shown together under its explanation. */
  eitherOr: { branches: BuyerField[][]; explanation: string } | null;
}

interface PropertySchema {
  type?: string;
  const?: unknown;
  format?: string;
  title?: string;
  description?: string;
  maxLength?: number;
  maxItems?: number;
  items?: { maxLength?: number };
}

/** First-person wording for confirmations; the schema's description is written for API clients. */
const CONFIRMATION_LABELS: Record<string, string> = {
  responsibility_acknowledged: 'I confirm I am authorised to act for this business and accept responsibility for changes made from the findings',
};

/** How the either/or rule names each input in a sentence; the input vocabulary is fixed by the contract. */
const NAMES_IN_A_SENTENCE: Record<string, string> = {
  place_id: 'the Google place id',
  business_name: 'the business name',
  location: 'the location',
  website_url: 'the website URL',
  url_to_audit: 'the URL to audit',
};

const DEFAULT_LIST_LENGTH = 3;

/** Where the either/or rule's message is shown: above its group of fields. */
export const EITHER_OR_ERROR_KEY = 'eitherOr';

function fieldOf(name: string, property: PropertySchema, required: boolean): BuyerField {
  const label = property.title ?? name;
  if (property.type === 'boolean') {
    return { kind: 'confirm', name, label: CONFIRMATION_LABELS[name] ?? property.description ?? label, required };
  }
  if (property.type === 'array') {
    return {
      kind: 'list',
      name,
      label,
      hint: property.description,
      maxItems: property.maxItems ?? DEFAULT_LIST_LENGTH,
      maxLength: property.items?.maxLength,
    };
  }
  return { kind: property.format === 'uri' ? 'url' : 'text', name, label, hint: property.description, required, maxLength: property.maxLength };
}

/** "Give either the Google place id, or the business name and the location." */
export function eitherOrExplanation(groups: string[][]): string {
  const phrases = groups.map((group) => group.map((name) => NAMES_IN_A_SENTENCE[name] ?? name).join(' and '));
  return `Give either ${phrases.join(', or ')}.`;
}

export function buyerForm(schema: BuyerInputSchemaBody): BuyerForm {
  const required = new Set(schema.required);
  const groups = (schema.anyOf ?? []).map((branch) => branch.required);
  const inGroups = new Set(groups.flat());
  const all = Object.entries(schema.properties).map(([name, property]) => fieldOf(name, property as PropertySchema, required.has(name)));
  const fields = all.filter((field) => !inGroups.has(field.name));
  const confirmationsLast = [...fields.filter((f) => f.kind !== 'confirm'), ...fields.filter((f) => f.kind === 'confirm')];
  const byName = new Map(all.map((field) => [field.name, field]));
  const placed = new Set<string>();
  const branches: BuyerField[][] = [];
  for (const group of groups) {
    // A field named in two alternatives is shown once, in the first.
    const branch = group.filter((name) => !placed.has(name)).flatMap((name) => byName.get(name) ?? []);
    branch.forEach((field) => placed.add(field.name));
    if (branch.length > 0) branches.push(branch);
  }
  return {
    fields: confirmationsLast,
    eitherOr: branches.length > 0 ? { branches, explanation: eitherOrExplanation(groups) } : null,
  };
}

/** Every field of the form, either/or ones included. */
export function allFields(form: BuyerForm): BuyerField[] {
  return [...(form.eitherOr?.branches.flat() ?? []), ...form.fields];
}

/** The name of the n-th input of a list field: each is its own labelled text input. */
export function listItemName(field: { name: string }, index: number): string {
  return `${field.name}.${index}`;
}

/**
 * buyerInputs from the posted form: empty optional inputs are left out, a ticked confirmation is
 * `true` and an unticked one absent, list inputs keep their filled entries in order.
 */
export function buyerInputsFromForm(form: BuyerForm, data: FormData): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  for (const field of allFields(form)) {
    if (field.kind === 'confirm') {
      if (data.get(field.name) !== null) inputs[field.name] = true;
    } else if (field.kind === 'list') {
      const items = Array.from({ length: field.maxItems }, (_, i) => text(listItemName(field, i))).filter((item) => item !== '');
      if (items.length > 0) inputs[field.name] = items;
    } else {
      const value = text(field.name);
      if (value !== '') inputs[field.name] = value;
    }
  }
  return inputs;
}
