import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from the contract's zod schemas, for the fuzz drill: for every field, values near
 * what it accepts (each bound, one either side of it, the formats it names) mixed with values it must refuse (wrong
 * types, huge and odd strings). Walking the schema keeps the fuzz in step with the contract: a new field or a changed
 * bound is fuzzed without anyone writing a generator.
 */
type Schema = z.core.$ZodType;
type Def = {
  type: string;
  format?: string;
  checks?: { _zod: { def: { check: string; [key: string]: unknown } } }[];
  innerType?: Schema;
  in?: Schema;
  element?: Schema;
  shape?: Record<string, Schema>;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  valueType?: Schema;
};

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

/** The bounds a schema's checks name. */
export function boundsOf(schema: Schema): { min?: number; max?: number; minLength?: number; maxLength?: number; multipleOf?: number } {
  const bounds: ReturnType<typeof boundsOf> = {};
  for (const check of defOf(schema).checks ?? []) {
    const def = check._zod.def;
    if (def.check === 'min_length') bounds.minLength = def.minimum as number;
    if (def.check === 'max_length') bounds.maxLength = def.maximum as number;
    if (def.check === 'greater_than') bounds.min = Number(def.value) + (def.inclusive ? 0 : 1);
    if (def.check === 'less_than') bounds.max = Number(def.value) - (def.inclusive ? 0 : 1);
    if (def.check === 'multiple_of') bounds.multipleOf = Number(def.value);
  }
  return bounds;
}

/** Strings that have broken parsers, databases, templates and logs before. */
export const ODD_STRINGS = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\u202etxt.exe',
  '\ufeff',
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(50),
  'é'.repeat(300),
  'Ω≈ç√∫˜µ≤≥÷',
  '𝕿𝖍𝖗𝖔𝖚𝖌𝖍𝖑𝖎𝖓𝖊',
  "' OR 1=1 --",
  '"; DROP TABLE Inquiry; --',
  '%00',
  '%',
  '%%%',
  '%ZZ',
  '../../../etc/passwd',
  '..',
  '.',
  '/',
  '\\',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
];

const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  // Huge: past every field's cap, some past the body limit (64 KB).
  fc.integer({ min: 1_000, max: 70_000 }).map((length) => 'x'.repeat(length)),
);

/** Values of the wrong JSON type for any field. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** Lengths and numbers either side of each bound, and the bound itself. */
const around = (bound: number | undefined, floor = Number.NEGATIVE_INFINITY) =>
  bound === undefined ? [] : [bound - 1, bound, bound + 1].filter((value) => value >= floor);

function stringValues(schema: Schema): fc.Arbitrary<unknown> {
  const { format } = defOf(schema);
  const { minLength, maxLength } = boundsOf(schema);
  const lengths = [...around(minLength, 0), ...around(maxLength, 0)];
  const formatted: fc.Arbitrary<string>[] = [];
  if (format === 'email') formatted.push(fc.emailAddress(), fc.constantFrom('no-at-sign', 'a@', '@b.example', 'a@b', 'a b@c.example', 'a@b..example'));
  if (format === 'datetime') {
    formatted.push(
      fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString()),
      fc.integer({ min: 1, max: 40 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString().replace('Z', '-05:00')),
      fc.constantFrom('2026-12-01', '2026-12-01T10:00:00', '2026-13-01T10:00:00Z', '2026-12-01T25:00:00Z', 'tomorrow', '1970-01-01T00:00:00Z'),
    );
  }
  if (format === 'date') formatted.push(fc.constantFrom('2026-12-01', '2026-02-30', '26-12-01', 'today'));
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: minLength ?? 0, maxLength: Math.min(maxLength ?? 60, 60) }) },
    ...(lengths.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...lengths).map((length) => 'a'.repeat(length)) }] : []),
    ...formatted.map((arbitrary) => ({ weight: 2, arbitrary })),
    { weight: 2, arbitrary: oddString },
    { weight: 1, arbitrary: wrongType },
  );
}

function numberValues(schema: Schema): fc.Arbitrary<unknown> {
  const integer = /int/.test(defOf(schema).format ?? '');
  const { min, max, multipleOf } = boundsOf(schema);
  const edges = [...around(min), ...around(max), ...(multipleOf ? [multipleOf, multipleOf + 1, multipleOf * 2] : []), 0, -1];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...edges) },
    { weight: 2, arbitrary: integer ? fc.integer({ min: (min ?? -1000) - 10, max: (max ?? 1000) + 10 }) : fc.double({ noNaN: true, min: -1e6, max: 1e6 }) },
    { weight: 1, arbitrary: fc.constantFrom(0.5, 1.5, 1e308, -1e308, 2 ** 53 + 2) },
    { weight: 1, arbitrary: fc.constantFrom('1', '01', '1.0', ' 1 ', '1e3', '0x10', 'NaN', '') },
    { weight: 1, arbitrary: wrongType },
  );
}

const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 12 });

function validStrings(schema: Schema): fc.Arbitrary<string> {
  const def = defOf(schema);
  const { minLength = 0, maxLength = 60 } = boundsOf(schema);
  if (def.format === 'email') return fc.tuple(word, word).map(([user, host]) => `${user}@${host}.example`);
  if (def.format === 'datetime') return fc.integer({ min: 2, max: 40 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString());
  if (def.format === 'date') return fc.integer({ min: 2, max: 40 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
  if (def.format === 'uuid' || def.format === 'guid') return fc.uuid();
  // A pattern plain words do not meet (a digest, a currency code) is generated from the pattern itself.
  const patterns = (def.checks ?? [])
    .map((check) => check._zod.def)
    .filter((check) => check.check === 'string_format' && check.pattern instanceof RegExp)
    .map((check) => check.pattern as RegExp);
  const strict = patterns.find((pattern) => !pattern.test('plain words'));
  if (strict) return fc.stringMatching(strict);
  const longest = Math.max(minLength, Math.min(maxLength, 60));
  return fc
    .string({ unit: fc.constantFrom(...'abcdefghij klmnopqrstuvwxyz'), minLength, maxLength: longest })
    .map((text) => (text.trim() ? text : 'a'.repeat(Math.max(1, minLength))));
}

/**
 * Values `schema` should accept, so the fuzz also reaches what lies behind validation (the writes, their conflicts).
 * Built from the schema's shape and bounds, not filtered: refinements it cannot see may still refuse some.
 */
export function validValuesFor(schema: Schema): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return fc.option(validValuesFor(def.innerType!), { nil: undefined, freq: 3 });
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return validValuesFor(def.innerType!);
    case 'pipe':
      return validValuesFor(def.in!);
    case 'string':
      return validStrings(schema);
    case 'number': {
      const { min = 0, max = 1000, multipleOf = 1 } = boundsOf(schema);
      const steps = (bound: number, round: (n: number) => number) => round(bound / multipleOf);
      return fc.integer({ min: steps(min, Math.ceil), max: steps(Math.min(max, min + 1000), Math.floor) }).map((step) => step * multipleOf);
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array': {
      const { minLength = 0, maxLength = 5 } = boundsOf(schema);
      return fc.array(validValuesFor(def.element!), { minLength, maxLength: Math.max(minLength, Math.min(maxLength, 5)) });
    }
    case 'object':
      return fc
        .record(Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, validValuesFor(field)])))
        .map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => validValuesFor(option)));
    case 'record':
      return fc.dictionary(word, validValuesFor(def.valueType!), { maxKeys: 3 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Arbitrary values for `schema`, valid or not, at most `depth` containers deep. */
export function valuesFor(schema: Schema, depth = 4): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return fc.oneof({ weight: 4, arbitrary: valuesFor(def.innerType!, depth) }, { weight: 1, arbitrary: fc.constantFrom(undefined, null) });
    case 'pipe':
      return valuesFor(def.in!, depth);
    case 'string':
      return stringValues(schema);
    case 'number':
    case 'bigint':
      return numberValues(schema);
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 'yes', 1, 0, null));
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...values) },
        { weight: 1, arbitrary: fc.constantFrom(...values.map((value) => String(value).toUpperCase()), ...values.map((value) => ` ${value}`)) },
        { weight: 1, arbitrary: oddString },
        { weight: 1, arbitrary: wrongType },
      );
    }
    case 'literal':
      return fc.oneof(fc.constantFrom(...(def.values ?? [null])), wrongType);
    case 'array': {
      const { minLength, maxLength } = boundsOf(schema);
      const element = depth > 0 ? valuesFor(def.element!, depth - 1) : wrongType;
      const longest = Math.min((maxLength ?? 8) + 2, 30);
      return fc.oneof(
        { weight: 4, arbitrary: fc.array(element, { minLength: Math.max(0, (minLength ?? 0) - 1), maxLength: longest }) },
        { weight: 1, arbitrary: fc.integer({ min: 1001, max: 3000 }).map((length) => Array(length).fill('x')) },
        { weight: 1, arbitrary: wrongType },
      );
    }
    case 'object': {
      if (depth <= 0) return wrongType;
      const shape = def.shape ?? {};
      const fields = fc.record(Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, valuesFor(field, depth - 1)])), { requiredKeys: [] });
      const extra = fc.dictionary(fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'status', ''), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 });
      return fc.oneof(
        { weight: 3, arbitrary: validValuesFor(schema) },
        { weight: 6, arbitrary: fields },
        { weight: 1, arbitrary: fc.tuple(fields, extra).map(([known, unknown]) => ({ ...unknown, ...known })) },
        { weight: 1, arbitrary: wrongType },
      );
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => valuesFor(option, depth)));
    case 'record':
      return fc.oneof(fc.dictionary(fc.string({ maxLength: 20 }), depth > 0 ? valuesFor(def.valueType!, depth - 1) : wrongType, { maxKeys: 6 }), wrongType);
    default:
      return fc.jsonValue({ maxDepth: Math.min(depth, 3) });
  }
}

/** One query parameter's raw values (as URLSearchParams would carry them): absent, one, or repeated. */
export function queryValuesFor(schema: Schema): fc.Arbitrary<string[]> {
  const asText = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? ''));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<string[]>([]) },
    { weight: 6, arbitrary: valuesFor(schema).map((value) => (Array.isArray(value) ? value.slice(0, 5).map(asText) : [asText(value)])) },
    { weight: 1, arbitrary: fc.array(oddString.map(asText), { minLength: 2, maxLength: 4 }) },
  );
}
