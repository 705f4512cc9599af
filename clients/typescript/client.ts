import createClient from 'openapi-fetch';
import type { Client } from 'openapi-fetch';
import { idempotencyKeys, repeatingUnanswered } from './idempotency';
import type { paths } from './openapi-types';

export type ThroughlineClient = Client<paths>;

export interface ThroughlineClientOptions {
  /** The site's origin, e.g. `https://throughlinepartners.com`; paths such as `/v1/services` are appended. */
  baseUrl: string;
  /** Another fetch (tests, proxies, instrumentation); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
  headers?: Record<string, string>;
}

/**
 * A typed client of the Throughline Partners API (openapi-fetch over types generated from its OpenAPI document): every
 * path, parameter and body is checked by the compiler. POSTs carry an Idempotency-Key by default, and a request whose
 * answer was lost is repeated once with the same key.
 */
export function createThroughlineClient(options: ThroughlineClientOptions): ThroughlineClient {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient<paths>({ baseUrl: options.baseUrl, headers: options.headers, fetch: repeatingUnanswered(send) });
  client.use(idempotencyKeys);
  return client;
}
