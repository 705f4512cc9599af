import type { ErrorObject, ValidateFunction } from 'ajv';
import { LRUCache } from 'lru-cache';
import { lazyImport } from '@/lib/core/lazy-import';
import type { BuyerInputSchemaBody } from '@/lib/contract/catalogue';
import type { ValidationErrorItem } from '@/lib/contract/errors';

/**
 * Checks `buyerInputs` against the very JSON Schema the service detail publishes, with ajv, and reports
 * failures as pydantic errors at loc ["body", "buyerInputs", <name>].
 */

/** ajv (about 10 MiB of memory) is made when the first checkout is checked, not in every process that could take one. */
const loadAjv = lazyImport(async () => {
  const [{ Ajv2020 }, { default: addFormats }] = await Promise.all([import('ajv/dist/2020.js'), import('ajv-formats')]);
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv;
});
const compiled = new LRUCache<string, ValidateFunction>({ max: 200 });

const LOC = ['body', 'buyerInputs'] as const;

function eitherOrMessage(schema: BuyerInputSchemaBody): string {
  const groups = (schema.anyOf ?? []).map((g) => g.required.join(' together with '));
  return `provide ${groups.join(', or ')}`;
}

function translate(error: ErrorObject, inputs: Record<string, unknown>, schema: BuyerInputSchemaBody): ValidationErrorItem | null {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const field = String(path[0] ?? '');
  const value = path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)?.[key], inputs);
  const loc = [...LOC, ...path];
  const property = (schema.properties[field] ?? {}) as { format?: string };
  switch (error.keyword) {
    case 'required':
      return { type: 'missing', loc: [...LOC, error.params.missingProperty as string], msg: 'Field required', input: inputs };
    case 'additionalProperties': {
      const name = error.params.additionalProperty as string;
      return { type: 'extra_forbidden', loc: [...LOC, name], msg: 'Extra inputs are not permitted', input: inputs[name] };
    }
    case 'const':
      return { type: 'literal_error', loc, msg: 'Input should be True', input: value, ctx: { expected: 'True' } };
    case 'type': {
      const expected = error.params.type as string;
      const names: Record<string, [string, string]> = {
        string: ['string_type', 'Input should be a valid string'],
        boolean: ['bool_type', 'Input should be a valid boolean'],
        array: ['list_type', 'Input should be a valid list'],
      };
      const [type, msg] = names[expected] ?? [`${expected}_type`, `Input should be a valid ${expected}`];
      return { type, loc, msg, input: value };
    }
    case 'pattern':
      return property.format === 'uri'
        ? { type: 'url_scheme', loc, msg: "URL scheme should be 'http' or 'https'", input: value, ctx: { expected_schemes: "'http' or 'https'" } }
        : {
            type: 'string_pattern_mismatch',
            loc,
            msg: `String should match pattern '${error.params.pattern}'`,
            input: value,
            ctx: { pattern: error.params.pattern },
          };
    case 'format':
      return {
        type: 'url_parsing',
        loc,
        msg: 'Input should be a valid URL, relative URL without a base',
        input: value,
        ctx: { error: 'relative URL without a base' },
      };
    case 'minLength':
      return {
        type: 'string_too_short',
        loc,
        msg: `String should have at least ${error.params.limit} character${error.params.limit === 1 ? '' : 's'}`,
        input: value,
        ctx: { min_length: error.params.limit },
      };
    case 'maxLength':
      return {
        type: 'string_too_long',
        loc,
        msg: `String should have at most ${error.params.limit} characters`,
        input: value,
        ctx: { max_length: error.params.limit },
      };
    case 'maxItems': {
      const actual = Array.isArray(value) ? value.length : 0;
      return {
        type: 'too_long',
        loc,
        msg: `List should have at most ${error.params.limit} items after validation, not ${actual}`,
        input: value,
        ctx: { field_type: 'List', max_length: error.params.limit, actual_length: actual },
      };
    }
    case 'anyOf':
      return { type: 'value_error', loc: [...LOC], msg: `Value error, ${eitherOrMessage(schema)}`, input: inputs, ctx: { error: eitherOrMessage(schema) } };
    default:
      return {
        type: 'value_error',
        loc,
        msg: `Value error, ${error.message ?? 'invalid value'}`,
        input: value,
        ctx: { error: error.message ?? 'invalid value' },
      };
  }
}

export async function validateBuyerInputs(schema: BuyerInputSchemaBody, schemaKey: string, inputs: Record<string, unknown>): Promise<ValidationErrorItem[]> {
  let validate = compiled.get(schemaKey);
  if (!validate) {
    validate = (await loadAjv()).compile(schema);
    compiled.set(schemaKey, validate);
  }
  if (validate(inputs)) return [];
  const seen = new Set<string>();
  const items: ValidationErrorItem[] = [];
  // An anyOf failure also lists each branch's missing fields; the single either/or error says it better.
  for (const error of (validate.errors ?? []).filter((e) => !e.schemaPath.startsWith('#/anyOf/'))) {
    const item = translate(error, inputs, schema);
    const key = item && JSON.stringify(item.loc);
    if (!item || seen.has(key!)) continue;
    seen.add(key!);
    items.push(item);
  }
  return items;
}
