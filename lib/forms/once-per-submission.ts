import { canonicalSha256 } from '@/lib/domain/hashing';
import { DomainError } from '@/lib/domain/errors';
import type { IdempotencyClaim } from '@/lib/domain/idempotency';
import { claimIdempotencyKey, recordIdempotentResponse, releaseIdempotencyKey } from '@/lib/domain/idempotency';

const WAIT_STEP_MS = 100;
const WAIT_LIMIT_MS = 10_000;

/** A double click sends the second request while the first still runs: wait for the first one's result. */
async function claimOrWait(operation: string, key: string, hash: string): Promise<IdempotencyClaim | 'different-input'> {
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    try {
      return await claimIdempotencyKey(operation, key, hash);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'IDEMPOTENCY_KEY_REUSED') return 'different-input';
      if (!(error instanceof DomainError && error.code === 'IDEMPOTENCY_KEY_IN_USE') || waited >= WAIT_LIMIT_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  }
}

/**
 * Runs `submit` once per rendered form: the form carries a random submission key, so a double click
 * or a resubmitted page returns the first result instead of creating a second record. The same form
 * sent again with different content (edited after going back) is a new submission.
 */
export async function oncePerSubmission<T>(form: string, submissionKey: string | undefined, input: unknown, submit: () => Promise<T>): Promise<T> {
  if (!submissionKey || !/^[A-Za-z0-9_-]{16,64}$/.test(submissionKey)) return submit();
  const operation = `form:${form}`;
  const claim = await claimOrWait(operation, submissionKey, canonicalSha256(input));
  if (claim === 'different-input') return submit();
  if (claim.replay) return JSON.parse(claim.body) as T;
  try {
    const result = await submit();
    await recordIdempotentResponse(operation, submissionKey, 200, JSON.stringify(result));
    return result;
  } catch (error) {
    await releaseIdempotencyKey(operation, submissionKey);
    throw error;
  }
}
