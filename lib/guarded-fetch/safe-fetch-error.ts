/** Stable codes for every way fetching a buyer's page can fail; the job runner and the logs key on them. */
export type SafeFetchErrorCode =
  'BAD_URL' | 'PORT_REFUSED' | 'ADDRESS_REFUSED' | 'DNS_FAILED' | 'CONNECTION_FAILED' | 'TIMEOUT' | 'TOO_MANY_REDIRECTS' | 'HTTP_ERROR' | 'NOT_HTML';

/**
 * A fetch that did not produce a page: `failureReason` is a sentence fit to show the buyer as it stands.
 * `transient` says whether the same fetch a little later may succeed (a timeout, a refused connection, a 503),
 * as opposed to a refusal or a page that is simply not there, which no retry changes.
 */
export class SafeFetchError extends Error {
  readonly transient: boolean;

  constructor(
    readonly code: SafeFetchErrorCode,
    readonly failureReason: string,
    /** The address being fetched when it failed (a redirect target, possibly). */
    readonly url: string,
    options: { cause?: unknown; transient?: boolean } = {},
  ) {
    super(`${code}: ${failureReason}`, { cause: options.cause });
    this.name = 'SafeFetchError';
    this.transient = options.transient ?? false;
  }
}

/** Resolver answers meaning "this name does not exist", as opposed to a resolver that could not answer just now. */
const NAME_DOES_NOT_EXIST = new Set(['ENOTFOUND', 'ENODATA']);

function isTemporaryDnsFailure(cause: unknown): boolean {
  const code = (cause as { code?: unknown } | undefined)?.code;
  return cause !== undefined && !(typeof code === 'string' && NAME_DOES_NOT_EXIST.has(code));
}

/** Server errors and "slow down" may pass; any other status is the page's answer. */
function isTemporaryHttpStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** A duration in words: 10 seconds, 1 second, 0.2 seconds. */
export function seconds(ms: number): string {
  const value = Math.round(ms / 100) / 10;
  return `${value} ${value === 1 ? 'second' : 'seconds'}`;
}

/** "The page at X" or, after redirects, "The page at X (redirected to Y)", so the buyer sees where it went wrong. */
function thePageAt(requested: string, current: string): string {
  return requested === current ? `The page at ${requested}` : `The page at ${requested} (redirected to ${current})`;
}

/** One constructor per code, so every sentence the buyer can read is written in one place. */
export const fetchFailure = {
  badUrl: (requested: string, current: string, why: string) =>
    new SafeFetchError('BAD_URL', `${requested === current ? `“${requested}”` : thePageAt(requested, current)} cannot be audited: ${why}.`, current),
  portRefused: (requested: string, current: string, port: number) =>
    new SafeFetchError(
      'PORT_REFUSED',
      `${thePageAt(requested, current)} is served on port ${port}; we only audit pages on the standard web ports 80 and 443.`,
      current,
    ),
  addressRefused: (requested: string, current: string) =>
    new SafeFetchError(
      'ADDRESS_REFUSED',
      `${thePageAt(requested, current)} points to a private or internal network address, which we do not fetch. Send us the public address of the page.`,
      current,
    ),
  dnsFailed: (requested: string, current: string, hostname: string, cause?: unknown) =>
    new SafeFetchError(
      'DNS_FAILED',
      `${thePageAt(requested, current)} could not be reached: the domain name ${hostname} did not resolve. Check the address for typos.`,
      current,
      { cause, transient: isTemporaryDnsFailure(cause) },
    ),
  connectionFailed: (requested: string, current: string, cause?: unknown) =>
    new SafeFetchError('CONNECTION_FAILED', `${thePageAt(requested, current)} could not be loaded: the connection to its web server failed.`, current, {
      cause,
      transient: true,
    }),
  timeout: (requested: string, current: string, timeoutMs: number) =>
    new SafeFetchError('TIMEOUT', `${thePageAt(requested, current)} did not answer within ${seconds(timeoutMs)}.`, current, { transient: true }),
  tooManyRedirects: (requested: string, current: string, maxRedirects: number) =>
    new SafeFetchError(
      'TOO_MANY_REDIRECTS',
      `The page at ${requested} redirected more than ${maxRedirects} times, so we stopped following it. Send us the address the page finally lives at.`,
      current,
    ),
  httpError: (requested: string, current: string, status: number) =>
    new SafeFetchError('HTTP_ERROR', `${thePageAt(requested, current)} answered with HTTP status ${status} instead of the page.`, current, {
      transient: isTemporaryHttpStatus(status),
    }),
  notHtml: (requested: string, current: string, contentType: string) =>
    new SafeFetchError(
      'NOT_HTML',
      `${thePageAt(requested, current)} is not a web page: it was served as ${contentType ? `“${contentType}”` : 'content of no stated type'}, not as HTML.`,
      current,
    ),
};
