import type { SafeFetchErrorCode } from '../guarded-fetch/safe-fetch-error';
import { SafeFetchError } from '../guarded-fetch/safe-fetch-error';
import { sendGuardedRequest } from '../guarded-fetch/guarded-request';
import { answerText } from './answer-text';
import { WEBHOOK_RESPONSE_BYTES, WEBHOOK_TIMEOUT_MS } from './delivery-limits';
import { describeSendFailure } from './send-failure';
import { signatureHeader } from './sign-delivery';
import type { WebhookTargetOptions } from './webhook-target';
import { webhookPolicy, webhookUrlProblem } from './webhook-target';

/** One signed message to one receiver. */
export interface WebhookMessage {
  url: string;
  /** The event id: the `webhook-id` header, the same on every attempt. */
  id: string;
  /** The JSON envelope, byte for byte what is signed and sent. */
  body: string;
  /** Every secret to sign with: the current one, and the previous one during a rotation's overlap. */
  secrets: readonly string[];
}

export interface SendWebhookOptions extends WebhookTargetOptions {
  /** Default 15 s. */
  timeoutMs?: number;
  /** When this attempt is signed (`webhook-timestamp`); default now. */
  now?: Date;
  /** Extra certificate authorities to trust for https (tests, a staging receiver's own CA). */
  trustedCertificates?: string[];
}

export type WebhookSendResult =
  | {
      answered: true;
      status: number;
      /** The first 4 KB of the answer, as text (a character the cap cuts in two is left out). */
      body: string;
      /** The answer's Retry-After header, as sent. */
      retryAfter: string | null;
      durationMs: number;
    }
  | { answered: false; code: SafeFetchErrorCode; reason: string; durationMs: number };

const USER_AGENT = 'Throughline-Partners-Webhooks/1.0 (Standard Webhooks)';

/**
 * Sends one attempt of a webhook (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`) through the
 * guarded fetcher: https only (plain http to allow-listed hosts), public addresses only after DNS, no redirect
 * followed, a 15 s deadline and the answer read up to 4 KB. Whatever the receiver answers comes back as it is, for
 * the caller to judge (a 3xx is not a success); no answer comes back with its reason.
 */
export async function sendWebhook(message: WebhookMessage, options: SendWebhookOptions = {}): Promise<WebhookSendResult> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const policy = webhookPolicy(options);
  const problem = webhookUrlProblem(message.url, policy);
  if (problem) return { answered: false, code: 'BAD_URL', reason: problem, durationMs: 0 };
  const now = options.now ?? new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    // Uncompressed, so 4 KB of answer means 4 KB of text.
    'accept-encoding': 'identity',
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatureHeader(message.secrets, message.id, now, message.body),
  };
  try {
    const response = await sendGuardedRequest(
      { url: message.url, method: 'POST', headers, body: message.body },
      { policy, timeoutMs, maxResponseBytes: WEBHOOK_RESPONSE_BYTES, trustedCertificates: options.trustedCertificates },
    );
    const retryAfter = response.headers['retry-after'];
    return {
      answered: true,
      status: response.status,
      body: answerText(response.body),
      retryAfter: (Array.isArray(retryAfter) ? retryAfter[0] : retryAfter) ?? null,
      durationMs: response.durationMs,
    };
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    return { answered: false, code: error.code, reason: describeSendFailure(error, timeoutMs), durationMs: Math.round(performance.now() - started) };
  }
}
