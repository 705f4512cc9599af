import { declinesTracking, type HeaderBag } from '@/lib/domain/analytics/counting-rules';
import type { VisitSource } from '@/lib/domain/analytics/visit-context';
import { CACHE_BYPASS_COOKIES } from '@/lib/page-cache/cache-bypass';
import { CLIENT_ADDRESS_HEADERS } from './client-address.mjs';

/** Whether a Cookie header holds a staff session or draft mode (previews): such a visit is never counted. */
function staffOrPreview(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => CACHE_BYPASS_COOKIES.includes(pair.split('=')[0]!.trim()));
}

type FetchHeaders = { get(name: string): string | null };

/** A header of node:http's headers as one text (repeated ones joined, as the Fetch API joins them). */
export const headerText = (headers: HeaderBag, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** The last address of the client-address header (the one the web server resolved), read without splitting the list. */
function lastAddress(header: string | undefined): string {
  if (!header) return 'unknown';
  const comma = header.lastIndexOf(',');
  return (comma === -1 ? header : header.slice(comma + 1)).trim() || 'unknown';
}

/** The headers the rules read, from the Fetch API's headers, as node:http would give them. */
function bagOf(headers: FetchHeaders): HeaderBag {
  const bag: Record<string, string | undefined> = {};
  for (const name of ['sec-gpc', 'dnt', 'cookie', 'user-agent', CLIENT_ADDRESS_HEADERS[0]!]) bag[name] = headers.get(name) ?? undefined;
  return bag;
}

/**
 * The visit behind a request, from its headers as node:http or the Fetch API gives them: the client's address as the
 * web server resolved it, the User-Agent, and whether it may be counted (not with Sec-GPC or DNT, a staff session or
 * a preview). node:http's headers are read in place: the web server asks for every page it answers.
 */
export function visitSourceOf(headers: HeaderBag | FetchHeaders): VisitSource {
  const bag = typeof headers.get === 'function' ? bagOf(headers as FetchHeaders) : (headers as HeaderBag);
  return {
    address: lastAddress(headerText(bag, CLIENT_ADDRESS_HEADERS[0]!)),
    userAgent: headerText(bag, 'user-agent'),
    excluded: declinesTracking(bag) || staffOrPreview(headerText(bag, 'cookie')),
  };
}
