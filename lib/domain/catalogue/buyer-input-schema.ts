import type { BuyerInputNameValue, BuyerInputSchemaBody } from '@/lib/contract/catalogue';
import { BUYER_INPUT_NAMES } from '@/lib/contract/catalogue';

/** What a service asks of its buyer, as stored with the service. */
export interface BuyerInputRules {
  required: BuyerInputNameValue[];
  accepted: BuyerInputNameValue[];
  /** At least one group must be fully present, e.g. [["place_id"], ["business_name", "location"]]. */
  requireOneOf: BuyerInputNameValue[][];
}

const httpUrl = {
  type: 'string',
  format: 'uri',
  pattern: '^https?://',
  maxLength: 2048,
} as const;

/** The JSON Schema of each buyer input name; the vocabulary is fixed by the contract. */
const INPUT_PROPERTY_SCHEMAS: Record<BuyerInputNameValue, Record<string, unknown>> = {
  responsibility_acknowledged: {
    type: 'boolean',
    const: true,
    title: 'Responsibility acknowledged',
    description:
      'Confirms that the buyer is authorised to act for the business or website being audited and accepts responsibility for changes made from the findings.',
  },
  business_name: { type: 'string', minLength: 1, maxLength: 200, title: 'Business name' },
  location: {
    type: 'string',
    minLength: 1,
    maxLength: 200,
    title: 'Location',
    description: 'City and region of the business, e.g. "Pittsburgh, PA".',
  },
  place_id: {
    type: 'string',
    minLength: 1,
    maxLength: 512,
    pattern: '^[A-Za-z0-9_-]+$',
    title: 'Google place id',
    description: 'The Google Maps place id of the business, e.g. "ChIJN1t_tDeuEmsRUsoyG83frY4".',
  },
  website_url: { ...httpUrl, title: 'Website URL', description: 'The business website (http or https).' },
  competitors: {
    type: 'array',
    items: { type: 'string', minLength: 1, maxLength: 200 },
    maxItems: 3,
    uniqueItems: true,
    title: 'Competitors',
    description: 'Up to three competitors to compare against, by name.',
  },
  url_to_audit: { ...httpUrl, title: 'URL to audit', description: 'The page whose offer is audited (http or https).' },
};

export function parseBuyerInputRules(value: unknown): BuyerInputRules {
  const known = new Set<string>(BUYER_INPUT_NAMES);
  const names = (list: unknown): BuyerInputNameValue[] => {
    if (!Array.isArray(list) || !list.every((name) => typeof name === 'string' && known.has(name))) {
      throw new Error(`Unknown buyer input in ${JSON.stringify(list)}`);
    }
    return list as BuyerInputNameValue[];
  };
  const rules = value as { required?: unknown; accepted?: unknown; requireOneOf?: unknown };
  const groups = Array.isArray(rules.requireOneOf) ? rules.requireOneOf.map(names) : [];
  return { required: names(rules.required ?? []), accepted: names(rules.accepted ?? []), requireOneOf: groups };
}

/** The published JSON Schema of a service's `buyerInputs`; checkout validates against this very object. */
export function buildBuyerInputSchema(serviceName: string, rules: BuyerInputRules): BuyerInputSchemaBody {
  const properties = Object.fromEntries(rules.accepted.map((name) => [name, INPUT_PROPERTY_SCHEMAS[name]]));
  const schema: BuyerInputSchemaBody = {
    type: 'object',
    title: `Buyer inputs for ${serviceName}`,
    properties,
    required: [...rules.required],
    additionalProperties: false,
  };
  if (rules.requireOneOf.length > 0) {
    schema.anyOf = rules.requireOneOf.map((group) => ({ required: [...group] }));
  }
  return schema;
}
