import { createHash } from 'node:crypto';
import { headers } from 'next/headers';
import { clientAddressFrom } from '@/lib/http/client-address.mjs';

/** What the browser sent (a key made by the server on a per-visitor page, or by the browser on a cached one). */
const SENT_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** A form sent without JavaScript repeats within this window count as one submission. */
export const DERIVED_KEY_WINDOW_MS = 60_000;

/**
 * The key of a submission sent without one: a form on a cached page, posted without JavaScript. It is derived from
 * who sent it (the address the web server resolved and the browser's User-Agent) and the minute, so a double click
 * or a re-posted page within that minute finds the first result (oncePerSubmission compares the content too: the
 * same visitor sending different content is a new submission). Visitors behind one address with the same browser
 * who send the very same content within the same minute would share a result; that is the price of no script.
 */
export function derivedSubmissionKey({ form, client, userAgent, now }: { form: string; client: string; userAgent: string; now: number }): string {
  const window = Math.floor(now / DERIVED_KEY_WINDOW_MS);
  return createHash('sha256').update(`${form}\n${client}\n${userAgent}\n${window}`).digest('base64url').slice(0, 32);
}

/** The submission key of this post: the one the form carried, or one derived at submit (see derivedSubmissionKey). */
export async function submissionKeyFrom(form: string, formData: FormData, now = Date.now()): Promise<string> {
  const sent = formData.get('submissionKey');
  if (typeof sent === 'string' && SENT_KEY.test(sent)) return sent;
  const requestHeaders = await headers();
  return derivedSubmissionKey({ form, client: clientAddressFrom(requestHeaders), userAgent: requestHeaders.get('user-agent') ?? '', now });
}
