/**
 * The port between checkout and whoever takes the money. The domain asks for a hosted payment page and later
 * hears that a session was paid, failed, expired or abandoned; it never knows which provider it talks to.
 * The shape follows what Stripe Checkout needs.
 */
export interface PaymentSessionRequest {
  /** Our checkout token: the provider's client reference, so its dashboard leads back to our record. */
  reference: string;
  /** Integer minor units (cents). */
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** The provider must refuse payment after this moment. */
  expiresAt: Date;
  metadata: Record<string, string>;
  /** Retries with the same key must not create a second session at the provider. */
  idempotencyKey: string;
}

export interface PaymentSession {
  provider: string;
  sessionId: string;
  /** The hosted page the human buyer pays on. */
  url: string;
}

export interface PaymentProvider {
  readonly name: string;
  createSession(request: PaymentSessionRequest): Promise<PaymentSession>;
  /** Closes an open session so it can no longer be paid. A session the provider already closed is not an error. */
  expireSession(sessionId: string): Promise<void>;
}

/** The provider could not be reached or refused the request; the buyer should try again later. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
