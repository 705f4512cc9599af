import { declinesTracking, type HeaderBag } from '@/lib/domain/analytics/counting-rules';
import type { VisitSource } from '@/lib/domain/analytics/visit-context';
import { CACHE_BYPASS_COOKIES } from '@/lib/page-cache/cache-bypass';
import { CLIENT_ADDRESS_HEADERS } from './client-address.mjs';

/** Whether a Cookie header holds a staff session or draft mode (previews): such a visit is never counted. */
function staffOrPreview(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => CACHE_BYPASS_COOKIES.includes(pair.split('=')[0]!.trim()));
}

/**
 * The visit behind a request, from its headers as node:http or the Fetch API gives them: the client's address as the
 * web server resolved it, the User-Agent, and whether it may be counted (not with Sec-GPC or DNT, a staff session or
 * a preview).
 */
export function visitSourceOf(headers: HeaderBag | { get(name: string): string | null }): VisitSource {
  const get = (name: string): string | undefined => {
    if (typeof headers.get === 'function') return (headers as { get(name: string): string | null }).get(name) ?? undefined;
    const value = (headers as HeaderBag)[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const bag: HeaderBag = { 'sec-gpc': get('sec-gpc'), dnt: get('dnt') };
  return {
    address: get(CLIENT_ADDRESS_HEADERS[0]!)?.split(',').pop()?.trim() || 'unknown',
    userAgent: get('user-agent'),
    excluded: declinesTracking(bag) || staffOrPreview(get('cookie')),
  };
}
