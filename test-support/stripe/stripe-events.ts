import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_test_only_0123456789abcdefghijklmnop';
export const TEST_STRIPE_SECRET_KEY = 'sk_test_only_0123456789abcdefghijklmnop';

/** A Stripe event about a Checkout Session, shaped as Stripe sends it. */
export function checkoutSessionEvent(
  type: string,
  session: { id: string; payment_status?: string; status?: string; customer_details?: { email: string | null; name: string | null } | null },
  id = `evt_test_${randomBytes(10).toString('hex')}`,
) {
  return {
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { object: 'checkout.session', status: 'complete', payment_status: 'paid', ...session } },
  };
}

/** The body and headers of a webhook delivery, signed as Stripe signs it (or with another secret, to be refused). */
export function signedDelivery(event: object, secret = TEST_STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return {
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
  };
}
