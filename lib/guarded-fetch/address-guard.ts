import ipaddr from 'ipaddr.js';

/**
 * Decides whether the audit may connect to an address. The page address comes from a stranger, so the rule
 * is an allow-list, not a block-list: only global unicast addresses pass. Everything ipaddr.js classifies as
 * special (private, loopback, link-local, CGNAT, multicast, unspecified, broadcast, reserved, benchmarking,
 * documentation, unique-local …) is refused, and IPv6 forms that carry an IPv4 address inside are judged
 * by that IPv4 address.
 */
export type AddressVerdict = { allowed: true } | { allowed: false; reason: RefusalReason; embeddedIpv4?: string };

/**
 * Why an address was refused: an ipaddr.js range name (`loopback`, `private`, `linkLocal`, `carrierGradeNat`,
 * `uniqueLocal`, `reserved` …) or one of ours.
 */
export type RefusalReason = string;

/** Cloud instance-metadata endpoints, named so a refusal says what it protected (they are also in refused ranges). */
const CLOUD_METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254']);

/** IPv6 global unicast is 2000::/3; anything outside it is not a public web server. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];
/** RFC 8215 local-use NAT64: the embedded IPv4's position depends on a site-chosen prefix, so it cannot be judged. */
const NAT64_LOCAL_USE = ipaddr.parseCIDR('64:ff9b:1::/48') as [ipaddr.IPv6, number];

type Address = ipaddr.IPv4 | ipaddr.IPv6;

function ipv4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * The IPv4 address an IPv6 address stands for, when it is one of the forms that route to (or translate to) an
 * IPv4 host: IPv4-mapped ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, IPv4-compatible ::a.b.c.d
 * (deprecated, but still parsed), NAT64 64:ff9b::a.b.c.d and 6to4 2002:aabb:ccdd::.
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = address.parts as number[];
  const zeroPrefix = (count: number) => p.slice(0, count).every((part) => part === 0);
  const last32 = () => ipv4FromParts(p[6]!, p[7]!);
  if (zeroPrefix(5) && p[5] === 0xffff) return last32();
  if (zeroPrefix(4) && p[4] === 0xffff && p[5] === 0) return last32();
  if (zeroPrefix(6) && (p[6] !== 0 || p[7]! > 1)) return last32();
  if (p[0] === 0x64 && p[1] === 0xff9b && p.slice(2, 6).every((part) => part === 0)) return last32();
  if (p[0] === 0x2002) return ipv4FromParts(p[1]!, p[2]!);
  return null;
}

function judgeIpv4(address: ipaddr.IPv4): AddressVerdict {
  if (CLOUD_METADATA_ADDRESSES.has(address.toString())) return { allowed: false, reason: 'cloudMetadata' };
  const range = address.range();
  return range === 'unicast' ? { allowed: true } : { allowed: false, reason: range };
}

function judgeIpv6(address: ipaddr.IPv6): AddressVerdict {
  if (CLOUD_METADATA_ADDRESSES.has(address.toString())) return { allowed: false, reason: 'cloudMetadata' };
  const inner = embeddedIpv4(address);
  if (inner) {
    const verdict = judgeIpv4(inner);
    return verdict.allowed ? verdict : { ...verdict, embeddedIpv4: inner.toString() };
  }
  if (address.match(NAT64_LOCAL_USE)) return { allowed: false, reason: 'nat64LocalUse' };
  const range = address.range();
  if (range !== 'unicast') return { allowed: false, reason: range };
  if (!address.match(IPV6_GLOBAL_UNICAST)) return { allowed: false, reason: 'notGlobalUnicast' };
  return { allowed: true };
}

/** Judges one IP address (IPv4 or IPv6, as a resolver or a normalised URL gives it). Anything unparsable is refused. */
export function judgeAddress(address: string | Address): AddressVerdict {
  let parsed: Address;
  try {
    parsed = typeof address === 'string' ? ipaddr.parse(address.replace(/^\[|\]$/g, '')) : address;
  } catch {
    return { allowed: false, reason: 'invalidAddress' };
  }
  return parsed.kind() === 'ipv4' ? judgeIpv4(parsed as ipaddr.IPv4) : judgeIpv6(parsed as ipaddr.IPv6);
}

/** `localhost` and every name under it (RFC 6761) mean this machine, whatever DNS says. */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** The IP address a normalised URL host names directly (`127.0.0.1`, `[::1]` → `::1`), or null for a DNS name. */
export function ipLiteralOf(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  // WHATWG URL has already turned decimal, octal and hex IPv4 notations into dotted quads, so only
  // canonical forms reach this point; a name like `1.2.3.4.example` is not an address.
  return ipaddr.IPv4.isValidFourPartDecimal(bare) || (hostname.startsWith('[') && ipaddr.IPv6.isValid(bare)) ? bare : null;
}

/**
 * The decision for a URL's host before any DNS lookup: an IP literal is judged as it stands, a localhost name
 * is refused, and any other name is allowed pending resolution (`resolve: true`): every address it resolves to
 * must then pass `judgeAddress`.
 */
export function judgeUrlHost(url: URL | string): (AddressVerdict & { resolve: false }) | { allowed: true; resolve: true } {
  const { hostname } = typeof url === 'string' ? new URL(url) : url;
  const literal = ipLiteralOf(hostname);
  if (literal) return { ...judgeAddress(literal), resolve: false };
  if (isLocalhostName(hostname)) return { allowed: false, reason: 'localhostName', resolve: false };
  return { allowed: true, resolve: true };
}
