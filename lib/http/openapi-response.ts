import { openApiJson } from '@/lib/contract/openapi-document';
import { CACHE_CONTROL } from './cache-policy';
import { defineRoute } from './define-route';

/** /openapi.json and /v1/openapi.json: the same bytes, from the document generated at build time. */
export const openApiRoute = defineRoute({
  GET: async () => new Response(openApiJson, { headers: { 'content-type': 'application/json', 'cache-control': CACHE_CONTROL.content } }),
});
