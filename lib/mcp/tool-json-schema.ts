import { z } from 'zod';
import { dropZodNoise } from '@/lib/contract/json-schema-noise';

export type JsonSchemaObject = { type: 'object'; [keyword: string]: unknown };

type JsonSchema = Record<string, unknown>;

/** A schema rooted at `$ref` (the contract's named schemas) becomes that definition itself, as MCP wants `type: object` at the root. */
function rootedAtObject(json: JsonSchema): JsonSchema {
  const { $ref, $defs, ...rest } = json as { $ref?: string; $defs?: Record<string, JsonSchema> };
  if (typeof $ref !== 'string') return json;
  const name = $ref.replace('#/$defs/', '');
  const { [name]: root, ...others } = $defs ?? {};
  // Keep the root among the definitions only if something inside still points to it.
  const stillReferenced = JSON.stringify(others).includes(`"${$ref}"`) || JSON.stringify(root).includes(`"${$ref}"`);
  const defs = stillReferenced ? $defs : others;
  return { ...root, ...rest, ...(defs && Object.keys(defs).length > 0 ? { $defs: defs } : {}) };
}

/**
 * The JSON Schema of a contract schema, as an MCP tool's input or output schema: an object at the root, local `$defs`
 * for the named schemas it uses, and no `$schema` (the MCP SDK's own client compiles schemas with a draft-07 Ajv, which
 * refuses the 2020-12 meta-schema URI; nothing here needs 2020-12 keywords).
 */
export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchemaObject {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ jsonSchema }) => dropZodNoise(jsonSchema as JsonSchema),
  }) as JsonSchema;
  delete json.$schema;
  const rooted = rootedAtObject(json);
  if (rooted.type !== 'object') throw new Error(`An MCP tool schema must describe an object, not ${JSON.stringify(rooted.type)}`);
  return rooted as JsonSchemaObject;
}
