import { CACHE_CONTROL, etagFor, matchesIfNoneMatch } from './cache-policy';

/**
 * A representation of published content that is not an operation's JSON (such as /llms.txt), cached like content:
 * the content Cache-Control, `build_stamp` as the ETag, and 304 while the client's copy is current.
 */
export function contentResponse(request: Request, buildStamp: string, body: string, contentType: string): Response {
  const headers = { 'cache-control': CACHE_CONTROL.content, etag: etagFor(buildStamp) };
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), headers.etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, 'content-type': contentType } });
}
