import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRes } from 'rate-limiter-flexible';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { processSingleton } from '@/lib/process-singleton';

/** `reads`: every /v1 GET and HEAD. `writes`: every POST, /v1 and the site's forms alike. */
export type RateLimitName = 'reads' | 'writes';

const WINDOW_SECONDS = 60;

/** What one request learned about its client's budget; enough for the RateLimit-* headers and a 429. */
export interface RateLimitDecision {
  allowed: boolean;
  /** Requests a client may make per window. */
  limit: number;
  /** Requests left in the current window (0 once refused). */
  remaining: number;
  /** Whole seconds until the window ends and the count starts again. */
  resetSeconds: number;
}

export interface RateLimit {
  consume(client: string): Promise<RateLimitDecision>;
}

/** The limits in force, per minute, as the configuration sets them (shown by /v1/capabilities). */
export function rateLimitsInForce(): { readsPerMinute: number; writesPerMinute: number } {
  const { RATE_LIMIT_READS_PER_MINUTE, RATE_LIMIT_WRITES_PER_MINUTE } = config();
  return { readsPerMinute: RATE_LIMIT_READS_PER_MINUTE, writesPerMinute: RATE_LIMIT_WRITES_PER_MINUTE };
}

function decision(allowed: boolean, limit: number, result: RateLimiterRes): RateLimitDecision {
  return {
    allowed,
    limit,
    remaining: allowed ? result.remainingPoints : 0,
    resetSeconds: Math.max(allowed ? 0 : 1, Math.ceil(result.msBeforeNext / 1000)),
  };
}

/**
 * A fixed one-minute window per client, counted in the database (`RateLimit` rows through Prisma), so every
 * instance on that database shares one count. Two things keep it cheap and safe:
 * - once a client is over the limit, this instance refuses it from memory until the window ends, so a flood costs
 *   no database writes (rate-limiter-flexible's in-memory block);
 * - if the database cannot be written, each instance counts in its own memory meanwhile (the insurance limiter)
 *   rather than refusing everyone or letting everyone through.
 * `store` is the Prisma client (tests pass a failing one).
 */
export function createRateLimit(name: RateLimitName, perMinute: number, store: unknown = db): RateLimit {
  const limiter = new RateLimiterPrisma({
    storeClient: store,
    tableName: 'rateLimit',
    keyPrefix: name,
    points: perMinute,
    duration: WINDOW_SECONDS,
    inMemoryBlockOnConsumed: perMinute + 1,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points: perMinute, duration: WINDOW_SECONDS }),
  });
  return {
    async consume(client) {
      try {
        return decision(true, perMinute, await limiter.consume(client));
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return decision(false, perMinute, refusal);
        throw refusal;
      }
    },
  };
}

/** Counts one request of `client` against the configured limit `name`. */
export function consumeRateLimit(name: RateLimitName, client: string): Promise<RateLimitDecision> {
  const { readsPerMinute, writesPerMinute } = rateLimitsInForce();
  const limit = processSingleton(`rate-limit:${name}`, () => createRateLimit(name, name === 'reads' ? readsPerMinute : writesPerMinute));
  return limit.consume(client);
}
