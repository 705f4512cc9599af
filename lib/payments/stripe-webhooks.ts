import type Stripe from 'stripe';
import { stripeSdk } from './stripe-sdk';

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
export async function verifyStripeEvent(rawBody: Buffer, signature: string | null, secret: string): Promise<Stripe.Event> {
  if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
  const StripeSdk = await stripeSdk();
  try {
    return StripeSdk.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    throw new WebhookSignatureError(`The Stripe-Signature header does not match this body (${error instanceof Error ? error.message : 'invalid'}).`);
  }
}
