import { canonicalSha256 } from '@/lib/domain/hashing';
import { claimIdempotencyKey, recordIdempotentResponse, releaseIdempotencyKey } from '@/lib/domain/idempotency';
import { RequestValidationError } from './api-error';
import { CACHE_CONTROL } from './cache-policy';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Runs `respond` at most once per Idempotency-Key: the same key with the same request (path and
 * body) replays the first response; a failure frees the key for a retry.
 */
export async function withIdempotency(
  request: Request,
  operationId: string,
  body: unknown,
  respond: () => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return respond();
  if (!KEY_PATTERN.test(key)) {
    throw new RequestValidationError([
      {
        type: 'string_pattern_mismatch',
        loc: ['header', 'Idempotency-Key'],
        msg: "String should match pattern '^[\\x21-\\x7e]{1,255}$'",
        input: key,
        ctx: { pattern: '^[\\x21-\\x7e]{1,255}$' },
      },
    ]);
  }
  const requestHash = canonicalSha256({ path: new URL(request.url).pathname, body });
  const claim = await claimIdempotencyKey(operationId, key, requestHash);
  if (claim.replay) {
    return new Response(claim.body, {
      status: claim.status,
      headers: { 'content-type': 'application/json', 'cache-control': CACHE_CONTROL.live, 'idempotent-replayed': 'true' },
    });
  }
  try {
    const response = await respond();
    if (response.ok) await recordIdempotentResponse(operationId, key, response.status, await response.clone().text());
    else await releaseIdempotencyKey(operationId, key);
    return response;
  } catch (error) {
    await releaseIdempotencyKey(operationId, key);
    throw error;
  }
}
