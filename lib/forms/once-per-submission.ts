import { canonicalSha256 } from '@/lib/core/hashing';
import { DomainError } from '@/lib/core/errors';
import { runOnce } from '@/lib/idempotency/idempotency-keys';
import { submissionKeyFrom } from './submission-key';

/** A double click's second request waits this long for the first one's result. */
const DOUBLE_SUBMIT_WAIT_MS = 10_000;

/**
 * Runs `submit` once per submission: the form carries a random submission key (made by the server on a per-visitor
 * page, by the browser on a cached one, or derived at submit when a cached page's form comes without JavaScript:
 * submission-key.ts), so a double click or a resubmitted page returns the first result instead of creating a second
 * record. The same form sent again with different content (edited after going back) is a new submission.
 */
export async function oncePerSubmission<T>(form: string, formData: FormData, input: unknown, submit: () => Promise<T>): Promise<T> {
  const submissionKey = await submissionKeyFrom(form, formData);
  try {
    const outcome = await runOnce(`form:${form}`, submissionKey, canonicalSha256(input), async () => ({ status: 200, body: JSON.stringify(await submit()) }), {
      waitWhileInUseMs: DOUBLE_SUBMIT_WAIT_MS,
    });
    return JSON.parse(outcome.body) as T;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'IDEMPOTENCY_KEY_REUSED') return submit();
    throw error;
  }
}
