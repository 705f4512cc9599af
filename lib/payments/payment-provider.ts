/**
 * The port between checkout and whoever takes the money. The domain asks for a hosted payment page
 * and later hears that a session was paid or abandoned; it never knows which provider it talks to.
 * The shape follows what Stripe Checkout needs, so a Stripe adapter fits without changing callers.
 */
export interface PaymentSessionRequest {
  /** Integer minor units (cents). */
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
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
}
