import type { RateLimitName } from '@/lib/rate-limits/rate-limiter';

/** Which requests are limited: everything under `/v1`; not the discovery document, /health or the Stripe webhook. */
export const isRateLimitedPath = (pathname: string) => pathname === '/v1' || pathname.startsWith('/v1/');

/** Reading methods count against the reads limit; every other method (POST, and the 405s for the rest) against writes. */
export function rateLimitFor(method: string): RateLimitName {
  return ['GET', 'HEAD', 'OPTIONS'].includes(method) ? 'reads' : 'writes';
}

/** The configuration variable that sets each limit, for documentation. */
export const RATE_LIMIT_VARIABLE: Record<RateLimitName, string> = {
  reads: 'RATE_LIMIT_READS_PER_MINUTE',
  writes: 'RATE_LIMIT_WRITES_PER_MINUTE',
};
