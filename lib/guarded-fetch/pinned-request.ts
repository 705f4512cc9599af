import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { withSpan } from '@/lib/observability/trace-context.mjs';
import type { CheckedAddress, FetchTarget } from './fetch-target';

/**
 * A lookup that only ever answers with the addresses that were checked. Node calls it instead of DNS when it
 * opens the socket, so a second DNS answer (rebinding) cannot change where the request goes.
 */
function pinnedLookup(addresses: CheckedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    // With autoSelectFamily (Node 20's default) net asks for every address and tries them in turn
    // (a host whose IPv6 answer is unreachable from here still loads over IPv4); otherwise for one.
    if (options.all) (callback as (error: null, all: CheckedAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

export interface PinnedRequestOptions {
  /** Default GET. */
  method?: string;
  headers: Record<string, string>;
  /** Sent as it is (a CalDAV REPORT's XML, an event's iCalendar text, a webhook's JSON); the caller sets its content type. None for GET. */
  body?: string | Buffer;
  signal: AbortSignal;
  /** Extra certificate authorities to trust (tests, a staging site's own CA); the system's are always trusted. */
  trustedCertificates?: string[];
}

/**
 * Sends a request (GET unless `method` says otherwise) to the checked addresses of `target`, keeping the URL's host name for the Host header and the TLS
 * server name (so certificates are verified against the name, not the address). Resolves with the response
 * once its headers arrive; the caller reads or discards the body.
 */
export function openPinnedResponse(target: FetchTarget, options: PinnedRequestOptions): Promise<IncomingMessage> {
  // One client span per request (each redirect is another), until the response's headers arrive, named by its method
  // as OpenTelemetry's HTTP conventions ask (a webhook's POST, a CalDAV REPORT).
  const method = options.method ?? 'GET';
  const attributes = {
    'http.request.method': method,
    'server.address': target.hostname,
    'server.port': target.port,
    'url.scheme': target.url.protocol.slice(0, -1),
  };
  return withSpan(method, { attributes }, async (span) => {
    const response = await sendPinned(target, { ...options, method });
    span.setAttribute('http.response.status_code', response.statusCode ?? 0);
    return response;
  });
}

function sendPinned(target: FetchTarget, options: PinnedRequestOptions): Promise<IncomingMessage> {
  const https = target.url.protocol === 'https:';
  const isIpLiteral = target.addresses.length === 1 && target.hostname === target.addresses[0]!.address;
  return new Promise((resolve, reject) => {
    const request = (https ? httpsRequest : httpRequest)({
      method: options.method,
      hostname: target.hostname,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      headers: options.headers,
      lookup: pinnedLookup(target.addresses),
      // A fresh socket per request: a pooled one could belong to an earlier, differently checked host.
      agent: false,
      signal: options.signal,
      ...(https
        ? {
            servername: isIpLiteral ? undefined : target.hostname.replace(/\.$/, ''),
            // Node's `ca` replaces the built-in authorities; keep them, and add the extra ones.
            ...(options.trustedCertificates ? { ca: [...rootCertificates, ...options.trustedCertificates] } : {}),
          }
        : {}),
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(options.body);
  });
}

export interface CappedBody {
  body: Buffer;
  truncated: boolean;
}

/** Reads a body up to `maxBytes`; past that it stops reading, closes the connection and says it cut the body. */
export async function readCappedBody(response: IncomingMessage, maxBytes: number): Promise<CappedBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    if (size + chunk.length > maxBytes) {
      chunks.push(chunk.subarray(0, maxBytes - size));
      response.destroy();
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}
