// Paths of the JSON API that Next would answer with a redirect instead of JSON. Plain JavaScript: the web server
// (server/web-server.mjs) asks before Next sees the request.
import { errorEnvelope } from './plain-error.mjs';

/**
 * A /v1 path with an empty segment (`/v1/services//testimonials`) names no operation. Next would answer it with a 308
 * to the path without the double slash: to a different operation, and repeating the whole URL in two headers (over
 * 20 KB with a long query, more than HTTP clients with a 16 KB header limit accept). The API answers its JSON 404
 * instead, as for any unknown path.
 */
export function emptySegmentRefusal(rawUrl) {
  const path = rawUrl.split('?')[0];
  if (!(path === '/v1' || path.startsWith('/v1/')) || !path.includes('//')) return null;
  return errorEnvelope(404, 'NOT_FOUND', 'No operation at this path: it has an empty segment. See /openapi.json for the operations of this API.');
}
