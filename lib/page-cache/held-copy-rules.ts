import { freshPublishedStamp } from '@/lib/domain/content/snapshot';
import { processSingleton } from '@/lib/process-singleton';
import { mayUseCachedPage } from './cache-bypass';
import { copyEtag } from './copy-validator';

/**
 * What the web server asks before it answers from a held copy of a page (lib/page-cache/held-copies.mjs): the rules
 * are the app's, the same proxy.ts applies, so a held copy answers exactly when Next would answer with that copy.
 */
export interface HeldCopyRules {
  /** The ETag of the current edition's copies while this process's content snapshot is fresh; null when it must be re-checked. */
  currentCopyEtag(): string | null;
  /** Whether a visitor with these cookies may be answered from a copy (no draft-mode or staff cookie). */
  mayUseCopy(cookieNames: readonly string[]): boolean;
}

const rules: HeldCopyRules = {
  currentCopyEtag() {
    const stamp = freshPublishedStamp();
    return stamp === null ? null : copyEtag(stamp);
  },
  mayUseCopy: (cookieNames) => mayUseCachedPage({ method: 'GET', cookieNames }),
};

/**
 * Publishes the rules where the web server finds them (globalThis, under the key held-copies.mjs reads). Until a first
 * page request loads proxy.ts, which calls this, the web server holds nothing.
 */
export function publishHeldCopyRules(): void {
  processSingleton<{ current?: HeldCopyRules }>('held-copy-rules', () => ({})).current = rules;
}
