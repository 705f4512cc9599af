/** Where Stripe Checkout pages live: a buy form without JavaScript is redirected there after it posts to the site. */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/**
 * Origins a buy form may end up at besides the site (CSP form-action also covers the redirect after the post).
 * The sandbox provider's payment page is part of the site.
 */
export function paymentFormTargets(provider: 'sandbox' | 'stripe'): readonly string[] {
  return provider === 'stripe' ? [STRIPE_CHECKOUT_ORIGIN] : [];
}

/** Pages that hold a buy form. */
export function holdsBuyForm(pathname: string): boolean {
  return /^\/services\/[^/]+$/.test(pathname);
}
