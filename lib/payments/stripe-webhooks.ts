import Stripe from 'stripe';

/** The signature header is missing, malformed, from another secret, or too old (replayed). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Stripe's default: a signed payload older than this is refused, which stops replays of captured requests. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Verifies `Stripe-Signature` over the raw body, byte for byte, and returns the event. Nothing in the body is
 * trusted before this passes.
 */
export function verifyStripeEvent(rawBody: Buffer, signature: string | null, secret: string): Stripe.Event {
  if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    throw new WebhookSignatureError(`The Stripe-Signature header does not match this body (${error instanceof Error ? error.message : 'invalid'}).`);
  }
}
