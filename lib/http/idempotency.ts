import { canonicalSha256 } from '@/lib/core/hashing';
import { runOnce } from '@/lib/idempotency/idempotency-keys';
import { RequestValidationError } from './api-error';
import { CACHE_CONTROL } from './cache-policy';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Runs `respond` at most once per Idempotency-Key: the same key with the same request (path and
 * body) replays the first response; a failure frees the key for a retry.
 */
export async function withIdempotency(request: Request, operationId: string, body: unknown, respond: () => Promise<Response>): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return respond();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
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
  let first: Response | undefined;
  const outcome = await runOnce(operationId, key, canonicalSha256({ path: new URL(request.url).pathname, body }), async () => {
    first = await respond();
    return { status: first.status, body: await first.clone().text() };
  });
  if (!outcome.replayed) return first!;
  return new Response(outcome.body, {
    status: outcome.status,
    headers: { 'content-type': 'application/json', 'cache-control': CACHE_CONTROL.live, 'idempotent-replayed': 'true' },
  });
}
