import { z } from 'zod';
import type { Operation } from '@/lib/contract/operation';
import { IDEMPOTENCY_KEY_PATTERN } from '@/lib/http/idempotency';

export const IDEMPOTENCY_KEY_ARGUMENT = 'idempotencyKey';
/** Where a body that is not an object (none today) would go whole. */
export const BODY_ARGUMENT = 'body';

/** How a tool's one argument object maps back onto the operation's path, query, body and Idempotency-Key header. */
export interface ToolArguments {
  schema: z.ZodObject;
  path: readonly string[];
  query: readonly string[];
  /** `fields`: every other argument is a field of the JSON body; `whole`: the body is the `body` argument. */
  body: 'none' | 'fields' | 'whole';
  idempotencyKey: boolean;
}

const IdempotencyKey = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN)
  .optional()
  .meta({
    description:
      'Any unique string (a UUID will do), sent as the Idempotency-Key header. Repeat the call with the same key and the same ' +
      'arguments after a timeout or error, and the first result is returned instead of acting twice. Keys are kept 24 hours.',
  });

type Shape = Record<string, z.ZodType>;

const shapeOf = (schema: z.ZodObject | undefined): Shape => (schema?.shape as Shape | undefined) ?? {};

/** Body fields a client may send: those the contract marks read-only are ignored in requests, so tools do not offer them. */
function writableFields(body: z.ZodObject): Shape {
  return Object.fromEntries(Object.entries(body.shape as Shape).filter(([, field]) => z.globalRegistry.get(field)?.readOnly !== true));
}

/** Path, query and body names share one argument object, so a name used twice would be ambiguous: refuse the table, loudly. */
function assertDistinct(operationId: string, sources: Record<string, Shape>): void {
  const seen = new Map<string, string>();
  for (const [source, shape] of Object.entries(sources)) {
    for (const name of Object.keys(shape)) {
      const earlier = seen.get(name);
      if (earlier) throw new Error(`${operationId}: the tool argument "${name}" would come from both ${earlier} and ${source}`);
      seen.set(name, source);
    }
  }
}

/**
 * One object for a tool's arguments: path parameters, query parameters and the body's fields side by side (a body that is
 * not an object goes whole under `body`), plus `idempotencyKey` where the operation honours the header. The contract's own
 * zod schemas describe every field; a name that two of these would share throws, so a clash can never ship unnoticed.
 */
export function toolArgumentsOf(operation: Operation): ToolArguments {
  const path = shapeOf(operation.params);
  const query = shapeOf(operation.query);
  const body = operation.body instanceof z.ZodObject ? writableFields(operation.body) : operation.body ? { [BODY_ARGUMENT]: operation.body } : {};
  const header: Shape = operation.idempotent ? { [IDEMPOTENCY_KEY_ARGUMENT]: IdempotencyKey } : {};
  assertDistinct(operation.operationId, { path, query, body, header });
  return {
    schema: z.object({ ...path, ...query, ...body, ...header }),
    path: Object.keys(path),
    query: Object.keys(query),
    body: operation.body instanceof z.ZodObject ? 'fields' : operation.body ? 'whole' : 'none',
    idempotencyKey: Boolean(operation.idempotent),
  };
}
