import type { z } from 'zod';

/**
 * How a response may be cached by browsers, proxies and CDNs:
 * - `content`: published content; shared-cacheable for a short time, ETag = build_stamp, 304 on If-None-Match.
 * - `live`: anything that must be read fresh (health, availability, checkout, every POST): `no-store`.
 */
export type CachePolicy = 'content' | 'live';

export type HttpMethod = 'GET' | 'HEAD' | 'POST';

/** Error statuses an operation can answer besides 422 (derived from its inputs) and 500. */
export type DocumentedError = 404 | 409 | 413 | 502;

/** How a software agent should use an operation: its MCP tool's description and annotations come from here. */
export interface AgentGuidance {
  /** When to use the operation (and when not to), written for a language model acting for a person. */
  hint: string;
  /** A write that changes or removes something that exists (a cancellation, a move), not one that only adds a record. */
  destructive?: boolean;
  /** Reaches a system outside the firm, such as the payment provider. */
  openWorld?: boolean;
}

/** One operation of the public contract: the single source for validation, typing and the OpenAPI document. */
export interface Operation<
  Query extends z.ZodObject = z.ZodObject,
  Params extends z.ZodObject = z.ZodObject,
  Response extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
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
  /** JSON request body. Bodies larger than MAX_BODY_BYTES get 413. */
  body?: Body;
  /** Honours an Idempotency-Key header (replays the first response). */
  idempotent?: boolean;
  response: Response;
  cache: CachePolicy;
  errors?: readonly DocumentedError[];
  /** What each 409 `code` of this operation means, for the document. */
  conflicts?: Readonly<Record<string, string>>;
  /** A schema for the 409 body, when it carries more than the envelope. */
  conflictSchema?: z.ZodType;
  /** Guidance for agents. Every /v1 GET and POST is an MCP tool (lib/contract/agent-operations.ts); a unit test insists on this. */
  agent?: AgentGuidance;
}

export function defineOperation<Q extends z.ZodObject, P extends z.ZodObject, R extends z.ZodType, B extends z.ZodType = z.ZodType>(
  operation: Operation<Q, P, R, B>,
): Operation<Q, P, R, B> {
  return operation;
}
