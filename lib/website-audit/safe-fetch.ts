import { config } from '@/lib/config';
import { untilAborted } from '../guarded-fetch/deadline';
import type { ResolveHost, TargetPolicy } from '../guarded-fetch/fetch-target';
import { resolveTarget, targetPolicy } from '../guarded-fetch/fetch-target';
import { decodeHtml, isHtmlContentType } from './html-body';
import { openPinnedResponse, readCappedBody } from '../guarded-fetch/pinned-request';
import { fetchFailure, SafeFetchError } from '../guarded-fetch/safe-fetch-error';
import { auditUserAgent } from './user-agent';

/** The whole fetch (DNS, every redirect, the body) must finish within this; a trickling server cannot hold it. */
export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
/** Bodies are cut here (2 MiB) and marked truncated: enough for any offer page, too little to hurt the worker. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
export const MAX_REDIRECTS = 5;
export const STANDARD_WEB_PORTS: readonly number[] = [80, 443];

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface SafeFetchOptions {
  /** `host:port` entries that may be fetched although private or loopback; default: AUDIT_ALLOWED_HOSTS. */
  allowedHosts?: readonly string[];
  /** Default 10 s. */
  timeoutMs?: number;
  /** Default 2 MiB. */
  maxBodyBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Ports any public host may be fetched on; default 80 and 443. Tests widen it to prove the address rule alone. */
  allowedPorts?: readonly number[];
  /** Default: the system resolver. Tests answer with addresses of their choosing. */
  resolveHost?: ResolveHost;
  /** Extra certificate authorities to trust for https (tests, a staging site's own CA). */
  trustedCertificates?: string[];
}

export interface RedirectHop {
  url: string;
  status: number;
  location: string;
}

export interface FetchedPage {
  requestedUrl: string;
  /** After redirects. */
  finalUrl: string;
  redirects: RedirectHop[];
  status: number;
  contentType: string;
  body: string;
  /** Bytes of the body received (at most maxBodyBytes). */
  bytes: number;
  truncated: boolean;
  /** From sending the final request (connection and TLS included) to its response headers. */
  timeToFirstByteMs: number;
  /** The whole fetch: DNS, every redirect and the body. */
  totalMs: number;
  https: boolean;
}

function policyOf(options: SafeFetchOptions): TargetPolicy {
  return targetPolicy(options.allowedHosts ?? config().AUDIT_ALLOWED_HOSTS, {
    allowedPorts: options.allowedPorts ?? STANDARD_WEB_PORTS,
    resolveHost: options.resolveHost,
  });
}

function parseRequestedUrl(input: string): URL {
  try {
    return new URL(input.trim());
  } catch {
    throw fetchFailure.badUrl(input, input, 'it is not a complete web address (it should look like https://www.example.com/offer)');
  }
}

/**
 * Fetches a page whose address came from a stranger, safely: http(s) on ports 80/443 only, every address checked
 * by the address guard and connected to as checked, at most 5 redirects each checked the same way, one 10 s
 * deadline for all of it, a 2 MiB body cap and HTML only. Throws SafeFetchError with a stable code and a
 * sentence for the buyer.
 */
export async function safeFetch(input: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const policy = policyOf(options);
  const headers = {
    'user-agent': auditUserAgent(),
    accept: 'text/html,application/xhtml+xml;q=0.9',
    // Uncompressed, so the byte cap measures the page itself and no compressed bomb can inflate past it.
    'accept-encoding': 'identity',
  };

  const requested = input.trim();
  let url = parseRequestedUrl(input);
  const started = performance.now();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('audit fetch deadline')), timeoutMs);
  const redirects: RedirectHop[] = [];
  try {
    for (;;) {
      const target = await untilAborted(resolveTarget(url, requested, policy), deadline.signal);
      const sent = performance.now();
      const response = await openPinnedResponse(target, { headers, signal: deadline.signal, trustedCertificates: options.trustedCertificates });
      const timeToFirstByteMs = Math.round(performance.now() - sent);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;

      if (REDIRECT_STATUSES.has(status) && location) {
        response.destroy();
        if (redirects.length >= maxRedirects) throw fetchFailure.tooManyRedirects(requested, url.href, maxRedirects);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw fetchFailure.badUrl(requested, url.href, `it redirects to “${location}”, which is not a valid address`);
        }
        redirects.push({ url: url.href, status, location: next.href });
        url = next;
        continue;
      }
      const contentType = response.headers['content-type'] ?? '';
      if (status < 200 || status > 299) {
        response.destroy();
        throw fetchFailure.httpError(requested, url.href, status);
      }
      if (!isHtmlContentType(contentType)) {
        response.destroy();
        throw fetchFailure.notHtml(requested, url.href, contentType);
      }
      const { body, truncated } = await readCappedBody(response, maxBodyBytes);
      return {
        requestedUrl: requested,
        finalUrl: url.href,
        redirects,
        status,
        contentType,
        body: decodeHtml(body, contentType),
        bytes: body.length,
        truncated,
        timeToFirstByteMs,
        totalMs: Math.round(performance.now() - started),
        https: url.protocol === 'https:',
      };
    }
  } catch (error) {
    // Whatever broke once the deadline passed (an aborted socket, a cut body) broke because of the deadline.
    if (deadline.signal.aborted) throw fetchFailure.timeout(requested, url.href, timeoutMs);
    if (error instanceof SafeFetchError) throw error;
    throw fetchFailure.connectionFailed(requested, url.href, error);
  } finally {
    clearTimeout(timer);
  }
}
