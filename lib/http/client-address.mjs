// Who is the client of a request? Written as plain JavaScript because two programs need it: the web server
// (server/web-server.mjs, which runs before anything is compiled) and the configuration check (lib/config.ts).
import ipaddr from 'ipaddr.js';

/**
 * An address as one canonical string: IPv4-mapped IPv6 (`::ffff:192.0.2.1`, what a dual-stack socket reports
 * for an IPv4 peer) becomes the IPv4 address, IPv6 is written in its compact lower-case form, and a port or
 * brackets that some proxies add (`192.0.2.1:443`, `[2001:db8::1]:443`) are dropped. Null when it is no address.
 */
export function normalizeAddress(text) {
  const parsed = parseAddress(text);
  return parsed ? parsed.toString() : null;
}

function parseAddress(text) {
  if (typeof text !== 'string') return null;
  let candidate = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(candidate);
  if (bracketed) candidate = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(candidate)) candidate = candidate.slice(0, candidate.lastIndexOf(':'));
  candidate = candidate.replace(/%.*$/, ''); // an IPv6 zone (`fe80::1%eth0`) names a local interface, not a host
  if (!ipaddr.isValid(candidate)) return null;
  // Only the canonical dotted quad counts as IPv4: ipaddr.js would also read `127.1` or `0x7f.1`.
  if (!candidate.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(candidate)) return null;
  const address = ipaddr.parse(candidate);
  return address.kind() === 'ipv6' && address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

/**
 * TRUSTED_PROXY: comma-separated addresses or CIDR ranges of the proxies whose X-Forwarded-For is believed,
 * e.g. `127.0.0.1, 10.0.0.0/8, fd00::/8`. Empty means none. Throws a TypeError naming a malformed entry.
 * An IPv4 entry also covers the IPv4-mapped form, since addresses are compared after normalizing.
 */
export function parseTrustedProxies(value) {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const [addressText, prefixText, ...rest] = entry.split('/');
    const address = rest.length === 0 ? parseAddress(addressText) : null;
    const bits = address?.kind() === 'ipv4' ? 32 : 128;
    const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (!address || !(prefix >= 0 && prefix <= bits)) {
      throw new TypeError(`"${entry}" is not an IP address or CIDR range (for example 10.0.0.5, 10.0.0.0/8 or fd00::/8)`);
    }
    return [address, prefix];
  });
}

function isTrusted(address, trusted) {
  return trusted.some(([range, prefix]) => range.kind() === address.kind() && address.match(range, prefix));
}

/** Whether the socket peer is one of the trusted proxies, whose forwarded headers may be passed on to the app. */
export function isTrustedProxy(socketAddress, trusted) {
  const address = parseAddress(socketAddress);
  return Boolean(address && isTrusted(address, trusted));
}

/**
 * The client of a request: its socket peer, unless that peer is a trusted proxy. Then X-Forwarded-For is read
 * from the right (each proxy appends the address it was connected from) and the first address that is not a
 * trusted proxy is the client: everything to its left was written by the client itself and proves nothing.
 * When every hop is trusted, the left-most is the client. An entry that is no address ends what can be
 * believed: the trusted hop that passed it on stands for the client.
 *
 * @param {{ socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trusted: ReturnType<typeof parseTrustedProxies> }} request
 * @returns {string} the client's address, or `unknown` when the socket has none (already closed)
 */
export function resolveClientAddress({ socketAddress, forwardedFor, trusted }) {
  let client = parseAddress(socketAddress);
  if (!client) return 'unknown';
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  while (isTrusted(client, trusted) && hops.length > 0) {
    const previous = parseAddress(hops.pop());
    if (!previous) break;
    client = previous;
  }
  return client.toString();
}

/**
 * The headers in which the web server hands the resolved client to the app. Both are overwritten on every request,
 * so whatever a client sent in them is gone before Next sees the request.
 */
export const CLIENT_ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip'];

/**
 * What else a proxy reports about the original request. Believed from a trusted proxy only: from anyone else they
 * are removed, and Next derives them from the connection itself.
 */
export const FORWARDED_DETAIL_HEADERS = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded'];

/**
 * The client of a request inside the app (route handlers, server actions), as the web server resolved it. Under
 * `next dev`, which has no such server, it is the last X-Forwarded-For entry, which a client can choose.
 *
 * @param {{ get(name: string): string | null }} headers
 */
export function clientAddressFrom(headers) {
  return headers.get(CLIENT_ADDRESS_HEADERS[0])?.split(',').pop()?.trim() || 'unknown';
}
