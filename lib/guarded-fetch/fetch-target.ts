import { lookup } from 'node:dns/promises';
import { ipLiteralOf, isLocalhostName, judgeAddress } from './address-guard';
import { allowedHostKey, parseAllowedHost } from './allowed-hosts';
import { fetchFailure } from './safe-fetch-error';

/** Every address a host name resolves to. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

/** The system resolver (getaddrinfo, so /etc/hosts counts), every answer, in the resolver's order. */
export const resolveWithSystem: ResolveHost = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((answer) => answer.address);

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

export interface TargetPolicy {
  /** Normalised `host:port` keys exempt from the address and port rules (see allowed-hosts.ts). */
  allowedHosts: ReadonlySet<string>;
  /** Ports any public host may be reached on; `any` for receivers that choose their own (webhooks). */
  allowedPorts: readonly number[] | 'any';
  resolveHost: ResolveHost;
}

/**
 * The policy for `host:port` entries (an *_ALLOWED_HOSTS variable, already validated at start-up, or a test's own list).
 * An entry that is not `host:port` is a programming error here, so it throws.
 */
export function targetPolicy(
  entries: readonly string[],
  { allowedPorts, resolveHost = resolveWithSystem }: { allowedPorts: TargetPolicy['allowedPorts']; resolveHost?: ResolveHost },
): TargetPolicy {
  const allowedHosts = new Set(
    entries.map((entry) => {
      const key = parseAllowedHost(entry);
      if (!key) throw new Error(`Allowed host "${entry}" is not a host:port entry`);
      return key;
    }),
  );
  return { allowedHosts, allowedPorts, resolveHost };
}

/** Whether the exact `host:port` of `url` is allow-listed (exempt from the address and port rules). */
export function isAllowListed(url: URL, policy: Pick<TargetPolicy, 'allowedHosts'>): boolean {
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
  return port !== undefined && policy.allowedHosts.has(allowedHostKey(url.hostname, port));
}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Where one request goes: the checked addresses to connect to, and the name to send as Host and TLS server name. */
export interface FetchTarget {
  url: URL;
  /** Host name or IP without brackets, for the Host header and TLS SNI. */
  hostname: string;
  port: number;
  /** Every address the name resolved to, all checked, in the resolver's order; nothing re-resolves the name later. */
  addresses: CheckedAddress[];
}

function checked(address: string): CheckedAddress {
  return { address, family: address.includes(':') ? 6 : 4 };
}

/**
 * Checks one URL (the buyer's or a redirect's) and decides which addresses to connect to: http(s) only, no
 * credentials, an allowed port, and every address the host resolves to must pass the address guard, unless the
 * exact `host:port` is allow-listed. Throws a SafeFetchError saying why not.
 */
export async function resolveTarget(url: URL, requested: string, policy: TargetPolicy): Promise<FetchTarget> {
  const current = url.href;
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (defaultPort === undefined) throw fetchFailure.badUrl(requested, current, 'only http:// and https:// addresses are audited');
  if (url.username || url.password) throw fetchFailure.badUrl(requested, current, 'the address must not contain a user name or password');

  const port = url.port === '' ? defaultPort : Number(url.port);
  const allowlisted = policy.allowedHosts.has(allowedHostKey(url.hostname, port));
  if (!allowlisted && policy.allowedPorts !== 'any' && !policy.allowedPorts.includes(port)) throw fetchFailure.portRefused(requested, current, port);

  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const literal = ipLiteralOf(url.hostname);
  if (literal) {
    if (!allowlisted && !judgeAddress(literal).allowed) throw fetchFailure.addressRefused(requested, current);
    return { url, hostname, port, addresses: [checked(literal)] };
  }
  if (!allowlisted && isLocalhostName(hostname)) throw fetchFailure.addressRefused(requested, current);

  let addresses: string[];
  try {
    addresses = await policy.resolveHost(hostname);
  } catch (error) {
    throw fetchFailure.dnsFailed(requested, current, hostname, error);
  }
  if (addresses.length === 0) throw fetchFailure.dnsFailed(requested, current, hostname);
  // Any refused answer refuses the host: which answer a client picks is not ours to predict.
  if (!allowlisted && addresses.some((address) => !judgeAddress(address).allowed)) throw fetchFailure.addressRefused(requested, current);
  return { url, hostname, port, addresses: addresses.map(checked) };
}
