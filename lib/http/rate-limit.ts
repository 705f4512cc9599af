import type { RateLimitDecision, RateLimitName } from '@/lib/rate-limits/rate-limiter';
import { consumeRateLimit } from '@/lib/rate-limits/rate-limiter';
import { clientAddressFrom } from './client-address.mjs';
import { errorResponse } from './json-response';
import type { RouteHandler } from './operation-handler';
import { isRateLimitedPath, rateLimitFor } from '../rate-limits/rate-limit-policy';

/** The client's budget, as draft-ietf-httpapi-ratelimit-headers words it (`RateLimit-Reset` in seconds). */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
}

export function rateLimitedResponse(decision: RateLimitDecision, name: RateLimitName): Response {
  const seconds = decision.resetSeconds === 1 ? '1 second' : `${decision.resetSeconds} seconds`;
  return errorResponse(
    429,
    { detail: `Too many requests: this API allows ${decision.limit} ${name} a minute per client. Try again in ${seconds}.`, code: 'RATE_LIMITED' },
    { 'retry-after': String(decision.resetSeconds), ...rateLimitHeaders(decision) },
  );
}

/**
 * Every request to the `/v1` API counts against its client's limit (reads or writes) before the handler runs:
 * over the limit it gets 429 with `Retry-After`; every other answer carries the `RateLimit-*` headers. Paths outside
 * `/v1` (the discovery document, /health, the Stripe webhook) pass through uncounted.
 */
export function withRateLimit(handler: RouteHandler): RouteHandler {
  const limited: RouteHandler = async (request, context) => {
    if (!isRateLimitedPath(pathnameOf(request.url))) return handler(request, context);
    const name = rateLimitFor(request.method);
    const decision = await consumeRateLimit(name, clientAddressFrom(request.headers));
    if (!decision.allowed) return rateLimitedResponse(decision, name);
    const response = await handler(request, context);
    // Set one by one: building the header object and iterating it cost more than the three writes.
    response.headers.set('ratelimit-limit', String(decision.limit));
    response.headers.set('ratelimit-remaining', String(decision.remaining));
    response.headers.set('ratelimit-reset', String(decision.resetSeconds));
    return response;
  };
  limited.operationId = handler.operationId;
  return limited;
}

/** The path of an absolute URL as Next hands it to a route (`http://host/v1/x?y` → `/v1/x`), without parsing it all. */
function pathnameOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const end = url.search(/[?#]/);
  return url.slice(start, end < 0 ? undefined : end);
}
