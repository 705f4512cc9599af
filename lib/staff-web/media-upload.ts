import { config } from '@/lib/config';
import { DomainError } from '@/lib/core/errors';
import { mayAccess } from '@/lib/domain/staff/roles';
import { uploadMedia, uploadTooLarge } from '@/lib/domain/media/upload-media';
import { MEDIA_ID_PATTERN } from '@/lib/domain/media/media-references';
import { ApiError } from '@/lib/http/api-error';
import { clientAddressFrom } from '@/lib/http/client-address.mjs';
import { errorToResponse } from '@/lib/http/error-mapping';
import { readBodyBytes } from '@/lib/http/json-body';
import { errorResponse, jsonResponse } from '@/lib/http/json-response';
import { rateLimitHeaders } from '@/lib/http/rate-limit';
import { consumeRateLimit } from '@/lib/rate-limits/rate-limiter';
import { currentStaff } from './current-staff';

/** Room for the multipart framing around the file (boundaries, part headers, the file's name, the other fields). */
const MULTIPART_ALLOWANCE = 64 * 1024;

/** A browser's own form post (no JavaScript) gets redirects; the page's script asks for JSON. */
const wantsJson = (request: Request) => (request.headers.get('accept') ?? '').includes('application/json');

/** A path of this site: the redirect names no host, so it goes back to the one the browser used. */
function redirectTo(path: string): Response {
  return new Response(null, { status: 303, headers: { location: path, 'cache-control': 'no-store' } });
}

/**
 * POST /staff/media/upload: one image, as multipart/form-data (`file`, and `replace` with an image id to replace its
 * original). It passes what every staff action passes: the web server's same-origin check, a staff session with the
 * marketing or admin role, and the writes rate limit. The body may be MEDIA_MAX_BYTES (plus the form's framing), the only
 * route allowed more than MAX_BODY_BYTES; past it the answer is 413 before the rest is read, and nothing is stored.
 */
export async function handleMediaUpload(request: Request): Promise<Response> {
  const json = wantsJson(request);
  let replaceId: string | undefined;
  const refused = (error: unknown) => {
    if (json) return errorToResponse(error, 'POST /staff/media/upload');
    const message =
      error instanceof Error && (error instanceof DomainError || error instanceof ApiError) ? error.message : 'The upload failed; please try again.';
    if (!(error instanceof DomainError || error instanceof ApiError)) console.error('Media upload failed', error);
    return redirectTo(`${replaceId ? `/staff/media/${replaceId}` : '/staff/media'}?error=${encodeURIComponent(message)}`);
  };

  const staff = await currentStaff();
  if (!staff) {
    return json
      ? errorResponse(401, { detail: 'Sign in as staff to upload images.', code: 'NOT_SIGNED_IN' })
      : redirectTo(`/staff/sign-in?next=${encodeURIComponent('/staff/media')}`);
  }
  if (!mayAccess(staff, 'content')) return errorResponse(403, { detail: 'Your role may not change the media library.', code: 'FORBIDDEN' });

  const decision = await consumeRateLimit('writes', clientAddressFrom(request.headers));
  if (!decision.allowed) {
    const wait = decision.resetSeconds === 1 ? 'a second' : `${decision.resetSeconds} seconds`;
    const detail = `You have sent several uploads and forms in a short time, so this one was not accepted. Please wait ${wait} and upload it again.`;
    if (!json) return refused(new ApiError(429, 'RATE_LIMITED', detail));
    return errorResponse(429, { detail, code: 'RATE_LIMITED' }, { 'retry-after': String(decision.resetSeconds), ...rateLimitHeaders(decision) });
  }

  const maxBytes = config().MEDIA_MAX_BYTES;
  try {
    let body: Buffer;
    try {
      body = await readBodyBytes(request, maxBytes + MULTIPART_ALLOWANCE);
    } catch (error) {
      if (error instanceof ApiError && error.status === 413) {
        // The rest of the body stays unread: the connection cannot carry another request.
        const tooLarge = uploadTooLarge(maxBytes);
        throw new ApiError(413, tooLarge.code, tooLarge.message, tooLarge.details, { connection: 'close' });
      }
      throw error;
    }
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': request.headers.get('content-type') ?? '' } })
      .formData()
      .catch(() => null);
    const file = form?.get('file');
    const replace = form?.get('replace');
    if (typeof replace === 'string' && MEDIA_ID_PATTERN.test(replace)) replaceId = replace;
    if (!form || !(file instanceof File)) {
      throw new ApiError(422, 'FILE_MISSING', 'Choose an image file to upload (the form sends it as multipart/form-data, in the field "file").');
    }
    const uploaded = await uploadMedia(staff, { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()), replaceId });
    if (!json) return redirectTo(`/staff/media/${uploaded.id}?done=${replaceId ? 'replaced' : 'uploaded'}`);
    return jsonResponse({ ...uploaded, status: 'processing', editUrl: `/staff/media/${uploaded.id}` }, replaceId ? 200 : 201, {
      'cache-control': 'no-store',
      ...rateLimitHeaders(decision),
    });
  } catch (error) {
    return refused(error);
  }
}
