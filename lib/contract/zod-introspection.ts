import type { z } from 'zod';

export type AnySchema = z.core.$ZodType;

/** The schema inside optional/default/nullable/pipe wrappers: the one that decides a value's type. */
export function unwrap(schema: AnySchema): AnySchema {
  const def = schema._zod.def as { innerType?: AnySchema; type: string; in?: AnySchema };
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return schema;
}

/** The schema that validates the value at `path` (object keys, array indexes), unwrapped. */
export function schemaAt(schema: AnySchema | undefined, path: readonly PropertyKey[]): AnySchema | undefined {
  let current = schema && unwrap(schema);
  for (const key of path) {
    const def = current?._zod.def as { type?: string; shape?: Record<string, AnySchema>; element?: AnySchema } | undefined;
    if (def?.type === 'object' && def.shape) current = def.shape[String(key)];
    else if (def?.type === 'array' && def.element) current = def.element;
    else return undefined;
    current = current && unwrap(current);
  }
  return current;
}

export function typeOf(schema: AnySchema | undefined): string | undefined {
  return (schema?._zod.def as { type?: string } | undefined)?.type;
}

/** z.int() is a number with an integer format; zod's type errors only say "number". */
export function expectsInteger(schema: AnySchema | undefined): boolean {
  const def = schema?._zod.def as { type?: string; format?: string } | undefined;
  return def?.type === 'number' && typeof def.format === 'string' && /int/.test(def.format);
}
