/**
 * What zod adds to a JSON Schema that says nothing to a reader: the safe-integer bounds every `z.int()` carries
 * (±9007199254740991; the contract sets no such limit, e.g. `offset` has no maximum) and the regular expression it
 * writes beside a `format` that already says the same. Used for the OpenAPI document and the MCP tools' schemas.
 */
export function dropZodNoise(schema: Record<string, unknown>): void {
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (typeof schema.format === 'string') delete schema.pattern;
}
