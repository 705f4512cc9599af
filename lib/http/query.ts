import type { z } from 'zod';
import { typeOf, unwrap } from '@/lib/contract/zod-introspection';
import type { AnySchema } from '@/lib/contract/zod-introspection';

type Kind = 'int' | 'boolean' | 'array' | 'string';

/** The kind of value a query parameter's schema expects, so its string can be read into it. */
function kindOf(schema: AnySchema): Kind {
  const type = typeOf(unwrap(schema));
  if (type === 'number') return 'int';
  if (type === 'boolean') return 'boolean';
  if (type === 'array') return 'array';
  return 'string';
}

// pydantic's lax string-to-bool table.
const TRUE_WORDS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

function coerce(kind: Kind, raw: string): unknown {
  if (kind === 'int') return /^\s*[+-]?\d+\s*$/.test(raw) ? Number(raw) : raw;
  if (kind === 'boolean') {
    const word = raw.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return raw;
}

/**
 * Reads the parameters a query schema declares from the URL. Returns the raw strings (reported as
 * `input` in 422s, as FastAPI does) and the values coerced for validation. Undeclared parameters are
 * ignored; a repeated scalar parameter takes its last value.
 */
export function readQuery(schema: z.ZodObject, params: URLSearchParams): { raw: Record<string, unknown>; coerced: Record<string, unknown> } {
  const raw: Record<string, unknown> = {};
  const coerced: Record<string, unknown> = {};
  for (const [name, fieldSchema] of Object.entries(schema.shape)) {
    if (!params.has(name)) continue;
    const kind = kindOf(fieldSchema as AnySchema);
    const values = params.getAll(name);
    if (kind === 'array') {
      raw[name] = values;
      coerced[name] = values;
    } else {
      const last = values.at(-1)!;
      raw[name] = last;
      coerced[name] = coerce(kind, last);
    }
  }
  return { raw, coerced };
}
