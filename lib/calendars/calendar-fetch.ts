import type { IncomingMessage } from 'node:http';
import { config } from '@/lib/config';
import { parseAllowedHost, allowedHostKey } from '../guarded-fetch/allowed-hosts';
import type { ResolveHost, TargetPolicy } from '../guarded-fetch/fetch-target';
import { resolveTarget, resolveWithSystem } from '../guarded-fetch/fetch-target';
import { openPinnedResponse, readCappedBody } from '../guarded-fetch/pinned-request';
import { SafeFetchError, seconds } from '../guarded-fetch/safe-fetch-error';
import { CalendarFetchError, sizeText } from './calendar-fetch-error';

/*
 * The one way calendar code reaches the network: a `fetch` with the guarded fetcher's rules (only public addresses
 * after DNS, connected to as checked, every redirect checked again; CALENDAR_ALLOWED_HOSTS exempts test and intranet
 * servers), a deadline and a body cap per request, and https only for public hosts, because the request carries an
 * app password or a secret feed address. tsdav takes it as its `fetch`, so discovery, sync and writes all pass here.
 * Nothing calendar-specific happens below the error wording: a general outgoing-request port can take it over.
 */

/** Per request: connection, redirects and the whole body. */
export const CALENDAR_REQUEST_TIMEOUT_MS = 15_000;
/** A feed or REPORT answer larger than this is refused: 2,000 events are about 1 MiB. */
export const CALENDAR_MAX_BODY_BYTES = 16 * 1024 * 1024;
export const CALENDAR_MAX_REDIRECTS = 5;
/** Public calendar servers are reached on the web ports and the usual CalDAV ones (Radicale 5232, CalDAV 8008/8443). */
export const CALENDAR_PORTS: readonly number[] = [443, 5232, 8008, 8443];

export interface CalendarFetchOptions {
  /** `host:port` entries exempt from the address, port and https rules; default CALENDAR_ALLOWED_HOSTS. */
  allowedHosts?: readonly string[];
  timeoutMs?: number;
  maxBodyBytes?: number;
  resolveHost?: ResolveHost;
  trustedCertificates?: string[];
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function policyOf(options: CalendarFetchOptions): TargetPolicy & { allowlisted: (url: URL) => boolean } {
  const entries = options.allowedHosts ?? config().CALENDAR_ALLOWED_HOSTS;
  const allowedHosts = new Set(
    entries.map((entry) => {
      const key = parseAllowedHost(entry);
      if (!key) throw new Error(`Allowed host "${entry}" is not a host:port entry`);
      return key;
    }),
  );
  const portOf = (url: URL) => (url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port));
  return {
    allowedHosts,
    allowedPorts: CALENDAR_PORTS,
    resolveHost: options.resolveHost ?? resolveWithSystem,
    allowlisted: (url) => allowedHosts.has(allowedHostKey(url.hostname, portOf(url))),
  };
}

/** The guarded fetcher's refusals, worded for the staff member who typed the address (never the whole address: a feed's is secret). */
function calendarFailure(error: SafeFetchError, url: URL): CalendarFetchError {
  const host = url.host;
  switch (error.code) {
    case 'ADDRESS_REFUSED':
      return new CalendarFetchError('ADDRESS_REFUSED', `${host} is a private or internal network address, which calendars may not use.`);
    case 'PORT_REFUSED':
      return new CalendarFetchError('PORT_REFUSED', `${host}: calendar servers are reached on ports ${CALENDAR_PORTS.join(', ')} only.`);
    case 'DNS_FAILED':
      return new CalendarFetchError('DNS_FAILED', `The server name ${url.hostname} does not resolve. Check the address for typos.`, error.transient);
    default:
      return new CalendarFetchError('BAD_URL', `The calendar address is not a usable https:// address.`);
  }
}

function bodyBytes(body: RequestInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new Error('Calendar requests send text or bytes only.');
}

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** Parses a calendar address as staff type it: `webcal://` (how feeds are often given) means https. */
export function calendarUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw new CalendarFetchError('BAD_URL', 'That is not a complete address; it should look like https://calendar.example.com/…');
  }
  if (url.username || url.password) throw new CalendarFetchError('BAD_URL', 'Put the user name and password in their own fields, not in the address.');
  return url;
}

/**
 * A `fetch` for calendar servers. Redirects are followed (up to 5, each checked) unless the caller asks for
 * `redirect: 'manual'` (tsdav's service discovery reads them itself); an Authorization header is never carried to
 * another origin. Throws CalendarFetchError for everything that is not an HTTP answer.
 */
export function guardedCalendarFetch(options: CalendarFetchOptions = {}): typeof fetch {
  const policy = policyOf(options);
  const timeoutMs = options.timeoutMs ?? CALENDAR_REQUEST_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? CALENDAR_MAX_BODY_BYTES;

  return async function calendarFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    let url = calendarUrl(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    let method = (init.method ?? 'GET').toUpperCase();
    let body = bodyBytes(init.body);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    headers['accept-encoding'] = 'identity';
    headers['user-agent'] ??= 'ThroughlineCalendarSync/1.0';
    if (body) headers['content-length'] = String(body.length);

    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error('calendar request deadline')), timeoutMs);
    const onCallerAbort = () => deadline.abort(init.signal?.reason);
    init.signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      for (let redirects = 0; ; redirects += 1) {
        if (url.protocol !== 'https:' && !policy.allowlisted(url)) {
          throw new CalendarFetchError('BAD_URL', `${url.host} must be reached over https://: the request carries a password or a secret address.`);
        }
        let target;
        try {
          target = await resolveTarget(url, url.href, policy);
        } catch (error) {
          throw error instanceof SafeFetchError ? calendarFailure(error, url) : error;
        }
        const response = await openPinnedResponse(target, { method, headers, body, signal: deadline.signal, trustedCertificates: options.trustedCertificates });
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(status) && location && init.redirect !== 'manual') {
          response.destroy();
          if (redirects >= CALENDAR_MAX_REDIRECTS)
            throw new CalendarFetchError('TOO_MANY_REDIRECTS', `${url.host} redirected more than ${CALENDAR_MAX_REDIRECTS} times.`);
          const next = new URL(location, url);
          if (next.origin !== url.origin) delete headers.authorization;
          if (status === 303) {
            method = 'GET';
            body = undefined;
            delete headers['content-length'];
          }
          url = next;
          continue;
        }
        const { body: received, truncated } = await readCappedBody(response, maxBodyBytes);
        if (truncated) throw new CalendarFetchError('TOO_LARGE', `${url.host} sent more than ${sizeText(maxBodyBytes)} in one answer.`);
        return new Response(NULL_BODY_STATUSES.has(status) || method === 'HEAD' ? null : new Uint8Array(received), {
          status,
          statusText: response.statusMessage ?? '',
          headers: headersOf(response),
        });
      }
    } catch (error) {
      if (error instanceof CalendarFetchError) throw error;
      if (deadline.signal.aborted) throw new CalendarFetchError('TIMEOUT', `${url.host} did not answer within ${seconds(timeoutMs)}.`, true);
      throw new CalendarFetchError(
        'CONNECTION_FAILED',
        `The connection to ${url.host} failed. Check the address, and that the server is running.`,
        true,
        error,
      );
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onCallerAbort);
    }
  } as typeof fetch;
}

let processDefaults: CalendarFetchOptions = {};

/**
 * Options every calendar fetch of this process uses unless a caller passes its own: tests and benchmarks that start a
 * local CalDAV server after the configuration was read allow its port here (a server process uses
 * CALENDAR_ALLOWED_HOSTS).
 */
export function setCalendarFetchDefaults(options: CalendarFetchOptions): void {
  processDefaults = options;
}

/** The guarded fetch with this process's defaults. */
export function calendarFetch(options: CalendarFetchOptions = {}): typeof fetch {
  return guardedCalendarFetch({ ...processDefaults, ...options });
}
