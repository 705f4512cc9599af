import type { z } from 'zod';
import type { ValidationErrorItem } from '@/lib/contract/errors';
import { expectsInteger, schemaAt } from './zod-introspection';
import type { AnySchema } from './zod-introspection';

/**
 * The one translator from zod issues to FastAPI/pydantic v2 validation errors
 * (`{type, loc, msg, input, ctx?}`), because clients of the original service parse those.
 * Nothing else builds 422 bodies.
 */

export type Source = 'query' | 'path' | 'body';

type Issue = z.core.$ZodIssue;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function quoteList(values: readonly unknown[]): string {
  const quoted = values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v)));
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/** Value at `path` inside `root`, and whether it exists there at all. */
function locate(root: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown; parent: unknown } {
  let parent: unknown = undefined;
  let value: unknown = root;
  for (const key of path) {
    parent = value;
    if (value === null || typeof value !== 'object' || !(key in (value as object))) {
      return { found: false, value: undefined, parent };
    }
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value, parent };
}

export function emailProblem(value: string): string {
  const at = value.lastIndexOf('@');
  if (at === -1) return 'An email address must have an @-sign.';
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length === 0) return 'There must be something before the @-sign.';
  if (domain.length === 0) return 'There must be something after the @-sign.';
  if (/\s/.test(value)) return 'The email address contains invalid whitespace.';
  if (!domain.includes('.')) return 'The part after the @-sign is not valid. It should have a period.';
  return 'The email address is not valid.';
}

function dateTimeProblem(value: string): string {
  if (value.length < 10) return 'input is too short';
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return 'invalid character in year';
  if (value.length === 10) return 'missing time zone offset';
  return 'invalid datetime format; expected ISO 8601 with a time zone offset, e.g. 2026-12-01T15:00:00-05:00';
}

type Translated = Omit<ValidationErrorItem, 'loc' | 'input'>;

function translateType(issue: Extract<Issue, { code: 'invalid_type' }>, value: unknown, source: Source, atRoot: boolean, integer: boolean): Translated {
  const fromString = typeof value === 'string' && source !== 'body';
  switch (issue.expected === 'number' && integer ? 'int' : issue.expected) {
    case 'int':
      if (typeof value === 'number') {
        return { type: 'int_from_float', msg: 'Input should be a valid integer, got a number with a fractional part' };
      }
      return fromString
        ? { type: 'int_parsing', msg: 'Input should be a valid integer, unable to parse string as an integer' }
        : { type: 'int_type', msg: 'Input should be a valid integer' };
    case 'number':
      return fromString
        ? { type: 'float_parsing', msg: 'Input should be a valid number, unable to parse string as a number' }
        : { type: 'float_type', msg: 'Input should be a valid number' };
    case 'boolean':
      return fromString
        ? { type: 'bool_parsing', msg: 'Input should be a valid boolean, unable to interpret input' }
        : { type: 'bool_type', msg: 'Input should be a valid boolean' };
    case 'array':
      return { type: 'list_type', msg: 'Input should be a valid list' };
    case 'object':
    case 'record':
      return atRoot
        ? { type: 'model_attributes_type', msg: 'Input should be a valid dictionary or object to extract fields from' }
        : { type: 'dict_type', msg: 'Input should be a valid dictionary' };
    case 'string':
      return { type: 'string_type', msg: 'Input should be a valid string' };
    default:
      return { type: `${issue.expected}_type`, msg: `Input should be a valid ${issue.expected}` };
  }
}

function translateSize(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>, value: unknown): Translated {
  const small = issue.code === 'too_small';
  const bound = Number(small ? (issue as { minimum: number | bigint }).minimum : (issue as { maximum: number | bigint }).maximum);
  if (issue.origin === 'string') {
    return small
      ? { type: 'string_too_short', msg: `String should have at least ${plural(bound, 'character')}`, ctx: { min_length: bound } }
      : { type: 'string_too_long', msg: `String should have at most ${plural(bound, 'character')}`, ctx: { max_length: bound } };
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    const actual = Array.isArray(value) ? value.length : 0;
    return small
      ? {
          type: 'too_short',
          msg: `List should have at least ${plural(bound, 'item')} after validation, not ${actual}`,
          ctx: { field_type: 'List', min_length: bound, actual_length: actual },
        }
      : {
          type: 'too_long',
          msg: `List should have at most ${plural(bound, 'item')} after validation, not ${actual}`,
          ctx: { field_type: 'List', max_length: bound, actual_length: actual },
        };
  }
  const inclusive = issue.inclusive !== false;
  if (small) {
    return inclusive
      ? { type: 'greater_than_equal', msg: `Input should be greater than or equal to ${bound}`, ctx: { ge: bound } }
      : { type: 'greater_than', msg: `Input should be greater than ${bound}`, ctx: { gt: bound } };
  }
  return inclusive
    ? { type: 'less_than_equal', msg: `Input should be less than or equal to ${bound}`, ctx: { le: bound } }
    : { type: 'less_than', msg: `Input should be less than ${bound}`, ctx: { lt: bound } };
}

function translateFormat(issue: Extract<Issue, { code: 'invalid_format' }>, value: unknown): Translated {
  const text = typeof value === 'string' ? value : String(value);
  switch (issue.format) {
    case 'email': {
      const reason = emailProblem(text);
      return { type: 'value_error', msg: `value is not a valid email address: ${reason}`, ctx: { reason } };
    }
    case 'datetime': {
      const error = dateTimeProblem(text);
      return { type: 'datetime_from_date_parsing', msg: `Input should be a valid datetime or date, ${error}`, ctx: { error } };
    }
    case 'date':
      return { type: 'date_from_datetime_parsing', msg: 'Input should be a valid date or datetime, input is too short', ctx: { error: 'input is too short' } };
    case 'url':
      return { type: 'url_parsing', msg: 'Input should be a valid URL', ctx: { error: 'relative URL without a base' } };
    default: {
      // zod reports the RegExp itself ("/^…$/"); pydantic shows the bare pattern.
      const pattern = 'pattern' in issue && issue.pattern ? String(issue.pattern).replace(/^\/(.*)\/[a-z]*$/, '$1') : issue.format;
      return { type: 'string_pattern_mismatch', msg: `String should match pattern '${pattern}'`, ctx: { pattern } };
    }
  }
}

function translateIssue(issue: Issue, value: unknown, source: Source, atRoot: boolean, schema: AnySchema | undefined): Translated {
  switch (issue.code) {
    case 'invalid_type':
      return translateType(issue, value, source, atRoot, expectsInteger(schema));
    case 'too_small':
    case 'too_big':
      return translateSize(issue, value);
    case 'invalid_format':
      return translateFormat(issue, value);
    case 'invalid_value': {
      if (issue.values.length === 1 && typeof issue.values[0] !== 'string') {
        const expected = issue.values[0] === true ? 'True' : issue.values[0] === false ? 'False' : String(issue.values[0]);
        return { type: 'literal_error', msg: `Input should be ${expected}`, ctx: { expected } };
      }
      const expected = quoteList(issue.values);
      return { type: 'enum', msg: `Input should be ${expected}`, ctx: { expected } };
    }
    case 'unrecognized_keys':
      return { type: 'extra_forbidden', msg: 'Extra inputs are not permitted' };
    case 'not_multiple_of': {
      const multipleOf = Number(issue.divisor);
      return { type: 'multiple_of', msg: `Input should be a multiple of ${multipleOf}`, ctx: { multiple_of: multipleOf } };
    }
    case 'custom': {
      // Checks declared with pydanticIssue() carry their pydantic type and message.
      const stated = (issue.params as { pydantic?: Translated } | undefined)?.pydantic;
      if (stated) return { type: stated.type, msg: stated.msg, ...(stated.ctx ? { ctx: stated.ctx } : {}) };
      return { type: 'value_error', msg: `Value error, ${issue.message}`, ctx: { error: issue.message } };
    }
    default:
      return { type: 'value_error', msg: `Value error, ${issue.message}`, ctx: { error: issue.message } };
  }
}

/** Translates a failed parse of `raw` (the untouched input from `source`) by `schema`. First error per location wins. */
export function toValidationErrors(issues: readonly Issue[], raw: unknown, source: Source, schema?: AnySchema): ValidationErrorItem[] {
  const seen = new Set<string>();
  const items: ValidationErrorItem[] = [];
  const expanded: Issue[] = issues.flatMap((issue): Issue[] =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => ({ ...issue, path: [...issue.path, key] })) : [issue],
  );
  for (const issue of expanded) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const key = JSON.stringify(path);
    if (seen.has(key)) continue;
    seen.add(key);
    const loc = [source, ...path];
    const { found, value, parent } = locate(raw, path);
    if (!found && issue.code === 'invalid_type') {
      // pydantic reports a missing query/path value with input null, a missing body field with its parent object.
      items.push({ type: 'missing', loc, msg: 'Field required', input: source === 'body' ? (parent ?? {}) : null });
      continue;
    }
    const translated = translateIssue(issue, value, source, path.length === 0, schemaAt(schema, path));
    items.push({ type: translated.type, loc, msg: translated.msg, input: value, ...(translated.ctx ? { ctx: translated.ctx } : {}) });
  }
  return items;
}
