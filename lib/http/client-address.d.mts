/** A parsed TRUSTED_PROXY entry: an address and its prefix length. */
export type TrustedProxyRange = [import('ipaddr.js').IPv4 | import('ipaddr.js').IPv6, number];

export function normalizeAddress(text: string | undefined): string | null;
export function parseTrustedProxies(value: string | undefined): TrustedProxyRange[];
export function isTrustedProxy(socketAddress: string | undefined, trusted: TrustedProxyRange[]): boolean;
export function resolveClientAddress(request: {
  socketAddress: string | undefined;
  forwardedFor: string | string[] | undefined;
  trusted: TrustedProxyRange[];
}): string;
export const CLIENT_ADDRESS_HEADERS: readonly string[];
export function clientAddressFrom(headers: { get(name: string): string | null }): string;
export const FORWARDED_DETAIL_HEADERS: readonly string[];
