import { SESSION_COOKIE } from '@/lib/staff-web/session-cookie';

/** The cookie Next.js sets in draft mode (staff previews of unpublished content). */
export const DRAFT_MODE_COOKIE = '__prerender_bypass';

/**
 * Requests with one of these cookies are always rendered for themselves and never answered from, nor stored in, any
 * cache: a draft preview must show the draft, and a signed-in staff member sees the site as it is this second.
 * deploy/nginx.conf keeps the same list (its `$throughline_private` map); a new preview cookie belongs in both.
 */
export const CACHE_BYPASS_COOKIES: readonly string[] = [SESSION_COOKIE, DRAFT_MODE_COOKIE];

/** Whether a cached copy may answer: only reads, and only for visitors without a bypass cookie. */
export function mayUseCachedPage({ method, cookieNames }: { method: string; cookieNames: Iterable<string> }): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  for (const name of cookieNames) if (CACHE_BYPASS_COOKIES.includes(name)) return false;
  return true;
}
