export { getCheckout, checkoutForSession, statusOf } from './checkout-record';
export { startCheckout, CHECKOUT_LIFETIME_MS, providerIdempotencyKey } from './start-checkout';
export { completeCheckout, awaitDelayedPayment, failCheckout, expireCheckout, cancelCheckout } from './payment-outcomes';
export { expireOverdueCheckouts, expireProviderSession } from './checkout-expiry';
