import type { IncomingHttpHeaders } from 'node:http';
import { untilAborted } from './deadline';
import type { TargetPolicy } from './fetch-target';
import { resolveTarget } from './fetch-target';
import { openPinnedResponse, readCappedBody } from './pinned-request';
import { fetchFailure, SafeFetchError } from './safe-fetch-error';

export interface GuardedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface GuardedRequestOptions {
  policy: TargetPolicy;
  /** One deadline for all of it: DNS, connecting, the answer's headers and its body. */
  timeoutMs: number;
  /** The answer's body is read up to this many bytes; the rest is never read. */
  maxResponseBytes: number;
  /** Extra certificate authorities to trust for https (tests, a staging receiver's own CA). */
  trustedCertificates?: string[];
}

export interface GuardedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** At most maxResponseBytes. */
  body: Buffer;
  truncated: boolean;
  /** From the start (DNS included) to the end of the body read. */
  durationMs: number;
}

/**
 * One request to an address that came from outside (a webhook receiver, a calendar feed): the host must resolve to
 * public addresses only (unless its `host:port` is allow-listed), the connection goes to exactly the addresses checked,
 * and nothing is followed: a redirect comes back as its 3xx status for the caller to judge. Throws SafeFetchError
 * (BAD_URL, PORT_REFUSED, ADDRESS_REFUSED, DNS_FAILED, CONNECTION_FAILED, TIMEOUT) when there is no answer.
 */
export async function sendGuardedRequest(request: GuardedRequest, options: GuardedRequestOptions): Promise<GuardedResponse> {
  const started = performance.now();
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw fetchFailure.badUrl(request.url, request.url, 'it is not a complete web address');
  }
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('request deadline')), options.timeoutMs);
  try {
    const target = await untilAborted(resolveTarget(url, request.url, options.policy), deadline.signal);
    const response = await openPinnedResponse(target, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: deadline.signal,
      trustedCertificates: options.trustedCertificates,
    });
    const { body, truncated } = await readCappedBody(response, options.maxResponseBytes);
    return { status: response.statusCode ?? 0, headers: response.headers, body, truncated, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    // Whatever broke once the deadline passed (an aborted socket, a cut body) broke because of the deadline.
    if (deadline.signal.aborted) throw fetchFailure.timeout(request.url, request.url, options.timeoutMs);
    if (error instanceof SafeFetchError) throw error;
    throw fetchFailure.connectionFailed(request.url, request.url, error);
  } finally {
    clearTimeout(timer);
  }
}
