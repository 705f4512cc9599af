import { freshPublishedStamp } from '@/lib/domain/content/snapshot';
import { processSingleton } from '@/lib/process-singleton';
import { consumeRateLimit, type RateLimitDecision } from '@/lib/rate-limits/rate-limiter';
import { etagFor } from './cache-policy';

/**
 * What the web server asks before it answers a `/v1` read from a held copy of a content answer
 * (lib/http/held-api-answers.mjs): the app's own ETag for content and its own rate limiter, so a held answer carries
 * exactly the ETag and counts exactly as the route would.
 */
export interface HeldApiRules {
  /** The ETag of every content answer while this process's content snapshot is fresh; null when it must be re-checked. */
  currentEtag(): string | null;
  /** Counts one read for the client against the reads limit, as withRateLimit does (lib/http/rate-limit.ts). */
  consumeRead(client: string): Promise<RateLimitDecision>;
}

const rules: HeldApiRules = {
  currentEtag() {
    const stamp = freshPublishedStamp();
    return stamp === null ? null : etagFor(stamp);
  },
  consumeRead: (client) => consumeRateLimit('reads', client),
};

/**
 * Publishes the rules where the web server finds them (globalThis, under the key held-api-answers.mjs reads). Until a
 * first content answer's route loads (handle in operation-handler.ts calls this), the web server holds nothing.
 */
export function publishHeldApiRules(): void {
  processSingleton<{ current?: HeldApiRules }>('held-api-rules', () => ({})).current = rules;
}
