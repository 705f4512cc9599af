import type { z } from 'zod';
import { config } from '@/lib/config';
import type { ValidationErrorItem } from '@/lib/contract/errors';
import type { Operation } from '@/lib/contract/operation';
import { currentBuildStamp } from '@/lib/domain/content/content-version';
import { publicOnly } from '@/lib/domain/content/visibility';
import { RequestValidationError } from './api-error';
import { CACHE_CONTROL, etagFor, matchesIfNoneMatch } from './cache-policy';
import { errorToResponse } from './error-mapping';
import { withIdempotency } from './idempotency';
import { readJsonBody } from './json-body';
import { contentAnswerKey, heldContentAnswer, holdContentAnswer } from './content-answers';
import { publishHeldApiRules } from './held-api-rules';
import { JSON_TYPE, jsonResponse } from './json-response';
import { readQuery } from './query';
import { toValidationErrors } from '@/lib/contract/validation-errors';
import { withVisitSource } from '@/lib/domain/analytics/visit-context';
import { visitSourceOf } from './visit-source';

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & { operationId?: string };

type Output<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface HandlerInput<Q, P, B> {
  query: Output<Q>;
  params: Output<P>;
  body: Output<B>;
  request: Request;
}

function validate(schema: z.ZodType | undefined, raw: unknown, coerced: unknown, source: 'query' | 'path' | 'body') {
  if (!schema) return { value: {}, errors: [] as ValidationErrorItem[] };
  const result = schema.safeParse(coerced);
  return result.success
    ? { value: result.data, errors: [] as ValidationErrorItem[] }
    : { value: undefined, errors: toValidationErrors(result.error.issues, raw, source, schema) };
}

/** Path, query and body, validated with the operation's schemas; all problems are reported together. */
async function readInputs(operation: Operation, request: Request, context: RouteContext) {
  const rawParams = Object.fromEntries(Object.entries((await context?.params) ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]));
  const path = validate(operation.params, rawParams, rawParams, 'path');
  const { raw, coerced } = operation.query ? readQuery(operation.query, new URL(request.url).searchParams) : { raw: {}, coerced: {} };
  const query = validate(operation.query, raw, coerced, 'query');
  const rawBody = operation.body ? await readJsonBody(request, config().MAX_BODY_BYTES) : undefined;
  const body = validate(operation.body, rawBody, rawBody, 'body');
  const errors = [...path.errors, ...query.errors, ...body.errors];
  if (errors.length > 0) throw new RequestValidationError(errors);
  return { params: path.value, query: query.value, body: body.value, rawBody };
}

/**
 * Binds an operation of the contract to its implementation: reads and validates path, query and body
 * with the operation's schemas (422 in pydantic's shape, 413 past the body limit), answers
 * If-None-Match for content (304), honours Idempotency-Key, runs the use case, and sends JSON with the
 * operation's caching headers. A content answer's bytes are kept per address and build_stamp (content-answers.ts). Route files stay one line per method.
 */
export function handle<Q extends z.ZodObject, P extends z.ZodObject, R extends z.ZodType, B extends z.ZodType>(
  operation: Operation<Q, P, R, B>,
  run: (input: HandlerInput<Q, P, B>) => Promise<z.input<R> | Response> | z.input<R> | Response,
): RouteHandler {
  // The web server answers repeat reads of content answers itself, by the app's ETag and rate limit (held-api-answers.mjs).
  if (operation.cache === 'content') publishHeldApiRules();
  // The public API never shows drafts, whatever draft-mode cookie a staff browser sends along.
  const handler: RouteHandler = (request, context) => publicOnly(() => respondTo(request, context));
  const respondTo = async (request: Request, context: RouteContext): Promise<Response> => {
    try {
      const headers: Record<string, string> = { 'cache-control': CACHE_CONTROL[operation.cache] };
      let held: { key: string; stamp: string } | undefined;
      if (operation.cache === 'content') {
        const stamp = await currentBuildStamp();
        headers.etag = etagFor(stamp);
        if (matchesIfNoneMatch(request.headers.get('if-none-match'), headers.etag)) {
          return new Response(null, { status: 304, headers });
        }
        // The same address under the same stamp is the same answer: its bytes from the last time (content-answers.ts).
        held = { key: contentAnswerKey(operation.operationId, request.url), stamp };
        const body = heldContentAnswer(held.key, stamp);
        if (body) return new Response(body, { status: 200, headers: { 'content-type': JSON_TYPE, ...headers } });
      }
      const inputs = await readInputs(operation as Operation, request, context);
      const respond = async () => {
        // A conversion the use case records is joined to the page views of the same visitor (docs/analytics.md).
        const result = await withVisitSource(visitSourceOf(request.headers), () => run({ ...inputs, request } as HandlerInput<Q, P, B>));
        if (result instanceof Response) return result;
        if (held) return new Response(holdContentAnswer(held.key, held.stamp, result), { status: 200, headers: { 'content-type': JSON_TYPE, ...headers } });
        return jsonResponse(result, 200, headers);
      };
      if (!operation.idempotent) return await respond();
      return await withIdempotency(request, operation.operationId, inputs.rawBody, async () => {
        try {
          return await respond();
        } catch (error) {
          return errorToResponse(error, operation.operationId);
        }
      });
    } catch (error) {
      return errorToResponse(error, operation.operationId);
    }
  };
  handler.operationId = operation.operationId;
  return handler;
}
