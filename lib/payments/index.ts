import { config } from '@/lib/config';
import { processSingleton } from '@/lib/process-singleton';
import type { PaymentProvider } from './payment-provider';
import { sandboxProvider } from './sandbox-provider';
import { stripeClient } from './stripe-client';
import { stripeProvider } from './stripe-provider';

export const PAYMENT_PROVIDER_NAMES = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** The provider a checkout was created with (its sessions live there, whatever PAYMENT_PROVIDER says today). */
export function paymentProviderNamed(name: string): PaymentProvider {
  return processSingleton(`payment-provider:${name}`, () => {
    if (name === 'stripe') return stripeProvider(stripeClient);
    if (name === 'sandbox') return sandboxProvider(config().SITE_URL);
    throw new Error(`Unknown payment provider '${name}'`);
  });
}

/** The configured provider (PAYMENT_PROVIDER), which new checkouts use. */
export function paymentProvider(): PaymentProvider {
  return paymentProviderNamed(config().PAYMENT_PROVIDER);
}

export type { PaymentProvider, PaymentSession, PaymentSessionRequest } from './payment-provider';
export { PaymentProviderError } from './payment-provider';
