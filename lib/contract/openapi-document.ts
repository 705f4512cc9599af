import generated from '@/lib/generated/openapi.json';

/**
 * The OpenAPI document generated at build time (`npm run openapi`) from lib/contract.
 * Serialized once, so /openapi.json and /v1/openapi.json send identical bytes.
 */
export const openApiDocument = generated as {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { operationId?: string }>>;
};

export const openApiJson = JSON.stringify(openApiDocument);

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export function documentedOperations(): { method: string; path: string; operationId: string }[] {
  return Object.entries(openApiDocument.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, operationId: op.operationId ?? '' })),
  );
}
