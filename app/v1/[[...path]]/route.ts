import { notFoundResponse } from '@/lib/http/json-response';
import { withRateLimit } from '@/lib/http/rate-limit';

// Any /v1 path without a route of its own: a JSON 404 for every method, never the HTML not-found page; counted
// against the client's rate limit like every /v1 request.
const unknownPath = withRateLimit(async (request) =>
  notFoundResponse(`No operation at ${new URL(request.url).pathname}. See /openapi.json for the operations of this API.`),
);

export {
  unknownPath as GET,
  unknownPath as HEAD,
  unknownPath as POST,
  unknownPath as PUT,
  unknownPath as PATCH,
  unknownPath as DELETE,
  unknownPath as OPTIONS,
};
