import { lazyImport } from '@/lib/core/lazy-import';

/**
 * Stripe's SDK (about 21 MiB of memory), loaded when PAYMENT_PROVIDER=stripe is first used (a checkout, a webhook),
 * not by every process that could take a payment: the job runner and a sandbox-configured server never hold it.
 */
export const stripeSdk = lazyImport(async () => (await import('stripe')).default);
