import { notFoundResponse } from '@/lib/http/json-response';

// Any /v1 path without a route of its own: a JSON 404 for every method, never the HTML not-found page.
async function unknownPath(request: Request): Promise<Response> {
  return notFoundResponse(`No operation at ${new URL(request.url).pathname}. See /openapi.json for the operations of this API.`);
}

export { unknownPath as GET, unknownPath as HEAD, unknownPath as POST, unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE, unknownPath as OPTIONS };
