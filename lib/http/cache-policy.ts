import type { CachePolicy } from '@/lib/contract/operation';

/**
 * Published content may be served by a shared cache (CDN, reverse proxy) for a minute and refreshed
 * in the background for five more; browsers keep it for 30 s. Clients that must be exact revalidate
 * with If-None-Match and get a 304 while build_stamp is unchanged. Everything live is never stored.
 */
export const CACHE_CONTROL: Record<CachePolicy, string> = {
  content: 'public, max-age=30, s-maxage=60, stale-while-revalidate=300',
  live: 'no-store',
};

/**
 * Content pages (proxy.ts decides which answers are one): shared caches keep them as long as the API's content and
 * refresh them the same way; browsers check back every time, so a reload after a publication shows it as soon as the
 * shared cache has it. Everything else a page renders is Next's `private, no-cache, no-store`.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** Errors are never cached: a 404 for a service about to be published must not outlive the publication. */
export const ERROR_CACHE_CONTROL = 'no-store';

/** Weak, because Next may compress the body; the content version identifies the representation's data. */
export function etagFor(buildStamp: string): string {
  return `W/"${buildStamp}"`;
}

/** RFC 9110 weak comparison of If-None-Match against our ETag (`*` matches any). */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}
