import type { z } from 'zod';

/**
 * How a response may be cached by browsers, proxies and CDNs:
 * - `content`: published content; shared-cacheable for a short time, ETag = build_stamp, 304 on If-None-Match.
 * - `live`: anything that must be read fresh (health, availability, checkout, every POST): `no-store`.
 */
export type CachePolicy = 'content' | 'live';

export type HttpMethod = 'GET' | 'HEAD' | 'POST';

/** One operation of the public contract: the single source for validation, typing and the OpenAPI document. */
export interface Operation<
  Query extends z.ZodObject = z.ZodObject,
  Params extends z.ZodObject = z.ZodObject,
  Response extends z.ZodType = z.ZodType,
> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/v1/services/{serviceId}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  query?: Query;
  params?: Params;
  response: Response;
  cache: CachePolicy;
  /** Error statuses this operation can answer besides 422 (derived from query/params) and 500. */
  errors?: readonly (404 | 409)[];
}

export function defineOperation<Q extends z.ZodObject, P extends z.ZodObject, R extends z.ZodType>(
  operation: Operation<Q, P, R>,
): Operation<Q, P, R> {
  return operation;
}
