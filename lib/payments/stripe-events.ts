import type Stripe from 'stripe';

/** What a Stripe event means for one of our checkouts, in the payment port's words. */
export interface PaymentNotice {
  outcome: 'paid' | 'awaiting-payment' | 'payment-failed' | 'expired';
  sessionId: string;
  /** Who paid, when the session says: Checkout always asks the buyer for an email address (for the receipt). */
  buyer?: { email: string | null; name: string | null };
}

/** The Checkout events we act on; Stripe sends any others the endpoint was subscribed to, and they are ignored. */
export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;

/**
 * Reads a verified Stripe event. `checkout.session.completed` only means the buyer finished the page: with a
 * delayed payment method it arrives `unpaid`, and the money is only there once `async_payment_succeeded` follows.
 */
export type StripeEventLike = Pick<Stripe.Event, 'type' | 'data'>;

export function interpretStripeEvent(event: StripeEventLike): PaymentNotice | null {
  if (!(HANDLED_STRIPE_EVENTS as readonly string[]).includes(event.type)) return null;
  const session = event.data.object as Partial<Stripe.Checkout.Session>;
  if (typeof session.id !== 'string') return null;
  const notice = (outcome: PaymentNotice['outcome']): PaymentNotice => ({ sessionId: session.id!, outcome, ...buyerOf(session) });
  switch (event.type) {
    case 'checkout.session.completed':
      return notice(session.payment_status === 'unpaid' ? 'awaiting-payment' : 'paid');
    case 'checkout.session.async_payment_succeeded':
      return notice('paid');
    case 'checkout.session.async_payment_failed':
      return notice('payment-failed');
    default:
      return notice('expired');
  }
}

/** `customer_details` of a session the buyer finished; absent (or both fields null) before that. */
function buyerOf(session: Partial<Stripe.Checkout.Session>): Pick<PaymentNotice, 'buyer'> {
  const details = session.customer_details;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  const buyer = { email: text(details?.email), name: text(details?.name) };
  return buyer.email || buyer.name ? { buyer } : {};
}
