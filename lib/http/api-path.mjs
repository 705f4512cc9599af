// Paths of the JSON API that Next would answer with a redirect instead of JSON. Plain JavaScript: the web server
// (scripts/web-server.mjs) asks before Next sees the request.
import { errorEnvelope } from './plain-error.mjs';

/**
 * Next.js redirects any path with repeated slashes (`/v1/services//faq`) to the path without them (308, no body), so
 * an empty path parameter would send an API client to a different operation. Under /v1 such a path names no
 * operation: the JSON 404 the API gives every unknown path, as FastAPI does for an empty parameter.
 */
export function emptySegmentRefusal(rawUrl) {
  const path = rawUrl.split('?')[0];
  if (!(path === '/v1' || path.startsWith('/v1/')) || !path.includes('//')) return null;
  return errorEnvelope(404, 'NOT_FOUND', `No operation at ${path}. See /openapi.json for the operations of this API.`);
}
