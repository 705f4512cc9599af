import { headers } from 'next/headers';
import { consumeRateLimit } from '@/lib/rate-limits/rate-limiter';
import { clientAddressFrom } from '@/lib/http/client-address.mjs';
import type { FormState } from './form-state';
import { formValues } from './form-state';

/**
 * Counts a form submission against its sender's writes limit, the same count as POSTs to /v1 (a visitor and an API
 * client are one client). Returns the sentence to show when the limit is used up, or null to go on.
 */
export async function writeLimitNotice(): Promise<string | null> {
  const decision = await consumeRateLimit('writes', clientAddressFrom(await headers()));
  if (decision.allowed) return null;
  const wait = decision.resetSeconds === 1 ? 'a second' : `${decision.resetSeconds} seconds`;
  return `You have sent several forms in a short time, so we could not accept this one yet. Please wait ${wait} and send it again: everything you typed is still here.`;
}

/**
 * For forms whose action returns a FormState: the state to return at once when the sender is over the writes limit
 * (the typed values back, and the notice as the form's own error), or null to go on with the submission.
 */
export async function refusedByWriteLimit<Result>(formData: FormData): Promise<FormState<Result> | null> {
  const notice = await writeLimitNotice();
  return notice ? { status: 'error', values: formValues(formData), errors: { form: notice } } : null;
}
