import type Stripe from 'stripe';
import { config } from '@/lib/config';
import { processSingleton } from '@/lib/process-singleton';
import { stripeSdk } from './stripe-sdk';

/** Stripe's SDK retries network failures itself (with the same idempotency key); past that the buyer retries. */
const NETWORK_RETRIES = 2;
const REQUEST_TIMEOUT_MS = 15_000;

/** Where the SDK sends requests: Stripe itself, or STRIPE_API_BASE (a local stand-in for tests and development). */
export function stripeApiTarget(apiBase: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** One SDK client per process, configured from STRIPE_SECRET_KEY and STRIPE_API_BASE. */
export async function stripeClient(): Promise<Stripe> {
  const StripeSdk = await stripeSdk();
  return processSingleton('stripe-client', () => {
    const { STRIPE_SECRET_KEY, STRIPE_API_BASE } = config();
    if (!STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
    return new StripeSdk(STRIPE_SECRET_KEY, {
      ...stripeApiTarget(STRIPE_API_BASE),
      maxNetworkRetries: NETWORK_RETRIES,
      timeout: REQUEST_TIMEOUT_MS,
      appInfo: { name: 'Throughline Partners website' },
    });
  });
}
