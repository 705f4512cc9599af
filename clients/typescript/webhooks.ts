import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { webhooks } from './openapi-types';

/** Every event type the firm sends (`inquiry.created`, `booking.confirmed`, …), from the OpenAPI `webhooks` section. */
export type WebhookEventType = keyof webhooks;

/** The envelope `{type, id, timestamp, data}` of one event type. */
export type WebhookEventOf<T extends WebhookEventType> = webhooks[T]['post'] extends { requestBody: { content: { 'application/json': infer Body } } }
  ? Body
  : never;

/** Any event, discriminated by `type`: `switch (event.type)` narrows `event.data`. */
export type WebhookEvent = { [T in WebhookEventType]: WebhookEventOf<T> }[WebhookEventType];

export { WebhookVerificationError };

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function plainHeaders(headers: HeaderSource): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  const plain: Record<string, string> = {};
  for (const [name, value] of entries) if (value !== undefined) plain[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return plain;
}

/**
 * Checks a delivery the way Standard Webhooks says (the `standardwebhooks` package does the work): one of the
 * `webhook-signature` signatures must be the HMAC of `webhook-id.webhook-timestamp.body` with `secret` (`whsec_…`), and
 * the timestamp within 5 minutes of now. `body` is the raw request body, exactly as received: parse it before checking
 * and the check fails. Returns the typed event; throws WebhookVerificationError when the delivery is not genuine.
 */
export function verifyWebhook(secret: string, headers: HeaderSource, body: string | Uint8Array): WebhookEvent {
  const raw = typeof body === 'string' ? body : new TextDecoder().decode(body);
  return new Webhook(secret).verify(raw, plainHeaders(headers)) as WebhookEvent;
}
