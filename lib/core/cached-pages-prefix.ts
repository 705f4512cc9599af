/**
 * Cached copies of the content pages live under this internal prefix, one tree per content edition
 * (app/(site)/cached/[stamp]/…). Only proxy.ts sends requests there; a client asking for it directly gets a 404.
 */
export const CACHED_PAGES_PREFIX = '/cached';

export function isCachedPagesPath(pathname: string): boolean {
  return pathname === CACHED_PAGES_PREFIX || pathname.startsWith(`${CACHED_PAGES_PREFIX}/`);
}
