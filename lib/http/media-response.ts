import { mediaFile } from '@/lib/domain/media/serve-media';
import { ERROR_CACHE_CONTROL, matchesIfNoneMatch } from './cache-policy';
import { errorToResponse } from './error-mapping';
import { notFoundResponse } from './json-response';

/** A file's address never names other bytes (its hash is of them): any cache may keep it for a year, unchecked. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const FILE_NAME = /^([1-9]\d{2,3})\.([a-z]{3,4})$/;

/**
 * Answers GET and HEAD of /media/{hash}/{width}.{format}: the stored bytes with their stored Content-Type, a year of
 * caching, an ETag (If-None-Match gets 304) and nosniff; 404 for any address that is not one of the library's files.
 */
export async function mediaFileResponse(request: Request, hash: string, fileName: string): Promise<Response> {
  const match = FILE_NAME.exec(fileName);
  try {
    const file = match ? await mediaFile(hash, Number(match[1]), match[2]!) : null;
    if (!file) return notFoundResponse(`No image is served at /media/${hash}/${fileName}.`);
    const headers = { 'cache-control': MEDIA_CACHE_CONTROL, etag: file.etag, 'x-content-type-options': 'nosniff' };
    if (matchesIfNoneMatch(request.headers.get('if-none-match'), file.etag)) return new Response(null, { status: 304, headers });
    return new Response(request.method === 'HEAD' ? null : (file.bytes as Uint8Array<ArrayBuffer>), {
      status: 200,
      headers: { ...headers, 'content-type': file.contentType, 'content-length': String(file.bytes.byteLength) },
    });
  } catch (error) {
    const response = errorToResponse(error, `GET /media/${hash}/${fileName}`);
    response.headers.set('cache-control', ERROR_CACHE_CONTROL);
    return response;
  }
}
