import { LRUCache } from 'lru-cache';
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRes } from 'rate-limiter-flexible';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { componentLogger } from '@/lib/observability/logger.mjs';
import { metrics } from '@/lib/observability/metrics.mjs';
import { processSingleton } from '@/lib/process-singleton';

/** `reads`: every /v1 GET and HEAD. `writes`: every POST, /v1 and the site's forms alike. */
export type RateLimitName = 'reads' | 'writes';

const WINDOW_SECONDS = 60;
/** How often an instance adds the reads it counted locally to the shared count (see createRateLimit). */
const READS_SYNC_MS = 1000;
/** Clients whose window an instance remembers at once; the least recent beyond this are forgotten. */
const REMEMBERED_CLIENTS = 100_000;

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
  /** Adds what this instance counted and has not shared yet to the database now. Tests use it; an instance that stops without it loses at most one interval of counts. */
  flush(): Promise<void>;
}

export interface RateLimitOptions {
  /**
   * 0: every request is counted in the database before it is decided (exact). More: per client, the first request of
   * a window is counted in the database, the next ones here, and this instance adds them to the database at most
   * this often, learning the other instances' counts in the same write.
   */
  syncEveryMs?: number;
  /** The Prisma client (tests pass a failing one). */
  store?: unknown;
}

/** The limits in force, per minute, as the configuration sets them (shown by /v1/capabilities). */
export function rateLimitsInForce(): { readsPerMinute: number; writesPerMinute: number } {
  const { RATE_LIMIT_READS_PER_MINUTE, RATE_LIMIT_WRITES_PER_MINUTE } = config();
  return { readsPerMinute: RATE_LIMIT_READS_PER_MINUTE, writesPerMinute: RATE_LIMIT_WRITES_PER_MINUTE };
}

function decision(allowed: boolean, limit: number, consumed: number, msBeforeReset: number): RateLimitDecision {
  return { allowed, limit, remaining: allowed ? Math.max(0, limit - consumed) : 0, resetSeconds: Math.max(allowed ? 0 : 1, Math.ceil(msBeforeReset / 1000)) };
}

/** What the database (or, while it cannot be written, this instance's memory) counted, and whether it refused. */
async function counted(operation: Promise<RateLimiterRes>): Promise<{ result: RateLimiterRes; refused: boolean }> {
  try {
    return { result: await operation, refused: false };
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return { result: refusal, refused: true };
    throw refusal;
  }
}

/** A client's window as this instance knows it: the shared count when last heard, what is on its way there, and the rest. */
interface LocalWindow {
  shared: number;
  sharing: number;
  unshared: number;
  endsAt: number;
  sharedAt: number;
  inFlight?: Promise<void>;
}

const countOf = (window: LocalWindow) => window.shared + window.sharing + window.unshared;

/**
 * A fixed one-minute window per client, counted in the database (`RateLimit` rows through rate-limiter-flexible's
 * RateLimiterPrisma), so every instance on that database counts into one number. While the database cannot be
 * written, each instance counts in its own memory (the insurance limiter) rather than refusing everyone or letting
 * everyone through. Two ways to count, by `syncEveryMs`:
 * - 0, exact: each request is counted in the database before it is decided, and a client over the limit is then
 *   refused from memory until its window ends (rate-limiter-flexible's in-memory block), so a flood costs no writes.
 * - more, batched: the first request of a client's window is counted in the database; the next ones here, added to
 *   the database at most every `syncEveryMs`, which also brings back the other instances' counts. One write per
 *   client per interval instead of one per request (a write per read halved an instance's throughput); the price is
 *   that a client spreading requests over several instances can go over the limit by what it sends the others
 *   within one interval.
 */
export function createRateLimit(name: RateLimitName, perMinute: number, { syncEveryMs = 0, store = db }: RateLimitOptions = {}): RateLimit {
  const batched = syncEveryMs > 0;
  const limiter = new RateLimiterPrisma({
    storeClient: store,
    tableName: 'rateLimit',
    keyPrefix: name,
    points: perMinute,
    duration: WINDOW_SECONDS,
    // Batched counting keeps its own window per client, so the library's memory of refusals is for exact counting only.
    ...(batched ? {} : { inMemoryBlockOnConsumed: perMinute + 1 }),
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points: perMinute, duration: WINDOW_SECONDS }),
  });
  if (!batched) {
    return {
      async consume(client) {
        const { result, refused } = await counted(limiter.consume(client));
        return decision(!refused, perMinute, result.consumedPoints, result.msBeforeNext);
      },
      flush: async () => {},
    };
  }

  const windows = new LRUCache<string, LocalWindow>({ max: REMEMBERED_CLIENTS });
  const opening = new Map<string, Promise<LocalWindow>>();

  const openWindow = async (client: string): Promise<LocalWindow> => {
    const at = Date.now();
    const { result } = await counted(limiter.consume(client));
    const window: LocalWindow = { shared: result.consumedPoints, sharing: 0, unshared: 0, endsAt: at + result.msBeforeNext, sharedAt: at };
    windows.set(client, window);
    return window;
  };
  const share = (client: string, window: LocalWindow) => {
    const at = Date.now();
    window.sharing = window.unshared;
    window.unshared = 0;
    window.sharedAt = at;
    window.inFlight = counted(limiter.penalty(client, window.sharing))
      .then(({ result }) => {
        window.shared = result.consumedPoints;
        window.endsAt = at + result.msBeforeNext;
      })
      .catch((error: unknown) => {
        window.unshared += window.sharing; // tried again at the next interval
        componentLogger('rate-limits').error({ err: error, limit: name, client }, `rate limit ${name}: could not add a client's count to the database`);
      })
      .finally(() => {
        window.sharing = 0;
        window.inFlight = undefined;
      });
  };

  return {
    async consume(client) {
      const now = Date.now();
      let window = windows.get(client);
      if (!window || now >= window.endsAt) {
        // The first request of a window is counted in the database; requests arriving meanwhile wait for it.
        const pending = opening.get(client);
        if (!pending) {
          const opened = openWindow(client).finally(() => opening.delete(client));
          opening.set(client, opened);
          const fresh = await opened;
          return decision(countOf(fresh) <= perMinute, perMinute, countOf(fresh), fresh.endsAt - now);
        }
        window = await pending;
      }
      window.unshared += 1;
      if (!window.inFlight && now - window.sharedAt >= syncEveryMs) share(client, window);
      return decision(countOf(window) <= perMinute, perMinute, countOf(window), window.endsAt - now);
    },
    async flush() {
      for (const [client, window] of windows.entries()) {
        await window.inFlight;
        if (window.unshared > 0) share(client, window);
        await window.inFlight;
      }
    },
  };
}

/** Counts one request of `client` against the configured limit `name`; a refusal is counted in the metrics. */
export async function consumeRateLimit(name: RateLimitName, client: string): Promise<RateLimitDecision> {
  const { readsPerMinute, writesPerMinute } = rateLimitsInForce();
  const limit = processSingleton(`rate-limit:${name}`, () =>
    name === 'reads' ? createRateLimit('reads', readsPerMinute, { syncEveryMs: READS_SYNC_MS }) : createRateLimit('writes', writesPerMinute),
  );
  const decision = await limit.consume(client);
  if (!decision.allowed) metrics().rateLimitRefusals.inc({ limit: name });
  return decision;
}
