import { Webhook } from 'standardwebhooks';

/**
 * The `webhook-signature` header of one attempt: `v1,<signature>` per secret, space-separated, as Standard Webhooks
 * defines it for a rotation (the receiver accepts the delivery when any one verifies). Signed by the `standardwebhooks`
 * package, the same code receivers verify with, over `id.timestamp.body`.
 */
export function signatureHeader(secrets: readonly string[], messageId: string, timestamp: Date, body: string): string {
  if (secrets.length === 0) throw new Error('A delivery needs at least one signing secret');
  return secrets.map((secret) => new Webhook(secret).sign(messageId, timestamp, body)).join(' ');
}
