import { randomBytes } from 'node:crypto';

/** Standard Webhooks' secret format: `whsec_` and the base64 of the key (32 random bytes: the spec asks for 24 to 64). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
