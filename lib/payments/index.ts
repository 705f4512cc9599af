import { config } from '@/lib/config';
import type { PaymentProvider } from './payment-provider';
import { sandboxProvider } from './sandbox-provider';

let provider: PaymentProvider | undefined;

/** The configured provider (PAYMENT_PROVIDER); one per process. */
export function paymentProvider(): PaymentProvider {
  provider ??= sandboxProvider(config().SITE_URL);
  return provider;
}

export type { PaymentProvider, PaymentSession, PaymentSessionRequest } from './payment-provider';
