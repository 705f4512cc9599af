import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import type { ZodOpenApiHeadersObject, ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { API_VERSION } from '@/lib/contract/discovery';
import { ErrorResponse, HTTPValidationError } from '@/lib/contract/errors';
import type { Operation } from '@/lib/contract/operation';
import { dropZodNoise } from '@/lib/contract/json-schema-noise';
import { operations } from '@/lib/contract/operations';
import { CACHE_CONTROL } from '@/lib/http/cache-policy';
import { STORAGE_RETRY_AFTER_SECONDS } from '@/lib/http/error-mapping';
import { MAX_JSON_ARRAY_ITEMS, MAX_JSON_DEPTH } from '@/lib/http/json-shape-limits';
import { MAX_HEADER_BYTES, MAX_URL_BYTES } from '@/lib/http/request-limits.mjs';
import { originRuleFor } from '@/lib/http/request-origin.mjs';
import { isRateLimitedPath, RATE_LIMIT_VARIABLE, rateLimitFor } from '@/lib/rate-limits/rate-limit-policy';
import { webhookOperations, WEBHOOKS_TAG } from './webhook-operations';

const TAGS = [
  { name: 'Discovery', description: 'Health, capabilities and the root discovery document.' },
  { name: 'Catalogue', description: 'Consulting services with pricing, timeline, testimonials and FAQs.' },
  { name: 'Insights', description: 'Published articles: list, full-text search and detail.' },
  { name: 'Knowledge', description: 'Theory of Constraints principles and tools.' },
  { name: 'Business', description: 'Company profile and credentials.' },
  { name: 'Inquiries', description: 'Consultation inquiries.' },
  { name: 'Booking', description: 'Consultant availability, consultation booking, and managing a booking with its token.' },
  { name: 'Checkout', description: 'Self-serve checkout handoff, its status, and audit reports.' },
  WEBHOOKS_TAG,
];

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

const cacheHeaders = (operation: Operation) => ({
  'Cache-Control': {
    description: `Caching policy: \`${CACHE_CONTROL[operation.cache]}\`.`,
    schema: { type: 'string' as const },
  },
  ...(operation.cache === 'content'
    ? { ETag: { description: 'Weak ETag built from build_stamp, the content version.', schema: { type: 'string' as const } } }
    : {}),
});

const errorResponse = (description: string) => ({ description, content: json(ErrorResponse) });

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' as const, minimum: 0 } });

/** Every /v1 operation counts against its client's rate limit, reads or writes by method. */
const isRateLimited = (operation: Operation) => isRateLimitedPath(operation.path);

const rateLimitHeaders = (operation: Operation): ZodOpenApiHeadersObject => {
  if (!isRateLimited(operation)) return {};
  const limit = rateLimitFor(operation.method);
  return {
    'RateLimit-Limit': integerHeader(`Requests (${limit}) a client may make per minute: \`${RATE_LIMIT_VARIABLE[limit]}\`.`),
    'RateLimit-Remaining': integerHeader('Requests left to this client in the current minute.'),
    'RateLimit-Reset': integerHeader('Seconds until the current minute ends and the count starts again.'),
  };
};

const rateLimitedResponse = (operation: Operation) => ({
  description:
    `Too many requests (code \`RATE_LIMITED\`): this client has used up its ${rateLimitFor(operation.method)} for the minute. Retry after ` +
    '`Retry-After` seconds. All instances count together; `/v1/capabilities` shows the limits.',
  headers: { 'Retry-After': integerHeader('Seconds to wait before the next request.'), ...rateLimitHeaders(operation) },
  content: json(ErrorResponse),
});

function responsesOf(operation: Operation): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = {
    '200': {
      description: operation.method === 'HEAD' ? 'Headers only; no body.' : 'OK',
      headers: { ...cacheHeaders(operation), ...rateLimitHeaders(operation) },
      ...(operation.method === 'HEAD' ? {} : { content: json(operation.response) }),
    },
  };
  if (operation.cache === 'content') {
    responses['304'] = { description: 'Not modified: the ETag sent in If-None-Match is the current content version.' };
  }
  if (operation.errors?.includes(404)) responses['404'] = errorResponse('No published resource has this id (code `NOT_FOUND`).');
  if (operation.errors?.includes(409)) {
    const codes = Object.entries(operation.conflicts ?? {}).map(([code, meaning]) => `\`${code}\`: ${meaning}`);
    responses['409'] = { description: `Conflict. ${codes.join(' ')}`, content: json(operation.conflictSchema ?? ErrorResponse) };
  }
  if (operation.errors?.includes(413)) {
    responses['413'] = errorResponse('The body is larger than 64 KB (code `PAYLOAD_TOO_LARGE`); nothing past the limit is read.');
  }
  if (operation.errors?.includes(502)) {
    responses['502'] = errorResponse(
      'The payment provider could not be reached or refused the request (code `PAYMENT_PROVIDER_UNAVAILABLE`). Nothing was created ' +
        'or charged; retry later (with the same Idempotency-Key, if you sent one).',
    );
  }
  if (operation.method === 'POST' && originRuleFor(operation.path) === 'api') {
    responses['403'] = errorResponse(
      'Sent from a web page of another site (code `CROSS_ORIGIN_REFUSED`): a request with an `Origin` header other than this ' +
        "site's is refused before it is read. Programs send no `Origin` and are not affected.",
    );
  }
  if (operation.query || operation.params || operation.body) {
    responses['422'] = { description: 'Validation error, in FastAPI/pydantic v2 shape.', content: json(HTTPValidationError) };
  }
  if (isRateLimited(operation)) responses['429'] = rateLimitedResponse(operation);
  // Any request can be refused before it reaches an operation: the web server reads at most 64 KB of headers.
  responses['431'] = errorResponse(
    'The request headers, the URL included, are larger than 64 KB (code `REQUEST_HEADERS_TOO_LARGE`); the connection is closed.',
  );
  if (operation.operationId.startsWith('getHealth')) {
    responses['503'] = { description: 'The database cannot be reached (`status: unavailable`).', content: json(operation.response) };
  } else if (operation.method !== 'HEAD') {
    responses['503'] = {
      description:
        'The database cannot store or read this right now (code `STORAGE_UNAVAILABLE`: disk full, read-only, unreachable), or the ' +
        'published content has not been loaded (code `CONTENT_UNAVAILABLE`). Nothing was changed; retry after `Retry-After` seconds.',
      headers: { 'Retry-After': integerHeader(`Seconds to wait before retrying (${STORAGE_RETRY_AFTER_SECONDS} for storage).`) },
      content: json(ErrorResponse),
    };
  }
  responses['500'] = errorResponse('Unexpected failure (code `INTERNAL_ERROR`); no internals are exposed.');
  return responses;
}

function operationObject(operation: Operation): ZodOpenApiOperationObject {
  const headers = z.object({
    ...(operation.cache === 'content'
      ? { 'If-None-Match': z.string().optional().meta({ description: 'An ETag from an earlier response; 304 when still current.' }) }
      : {}),
    ...(operation.idempotent
      ? {
          'Idempotency-Key': z
            .string()
            .regex(/^[\x21-\x7e]{1,255}$/)
            .optional()
            .meta({
              description:
                'Makes retries safe: the same key with the same request replays the first response (header `Idempotent-Replayed: true`) ' +
                'without creating anything; the same key with a different request gets 409 `IDEMPOTENCY_KEY_REUSED`. Keys are kept 24 hours.',
            }),
        }
      : {}),
  });
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    requestParams: {
      ...(operation.params ? { path: operation.params } : {}),
      ...(operation.query ? { query: operation.query } : {}),
      ...(Object.keys(headers.shape).length > 0 ? { header: headers } : {}),
    },
    ...(operation.body ? { requestBody: { required: true, content: json(operation.body) } } : {}),
    responses: responsesOf(operation),
  };
}

/** The OpenAPI 3.1 document of the public contract, generated from lib/contract (never hand-written). */
export function buildOpenApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of Object.values(operations) as Operation[]) {
    const method = operation.method.toLowerCase() as 'get' | 'head' | 'post';
    paths[operation.path] = { ...paths[operation.path], [method]: operationObject(operation) };
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Throughline Partners API',
        version: API_VERSION,
        description:
          'Public, machine-readable interface of a Theory of Constraints consulting firm. Live responses are authoritative for ' +
          'anything that can change (prices, availability, offers, checkout); compare `build_stamp` from /v1/health with the ' +
          'value your cached data was captured under.\n\n' +
          'Errors: 422 bodies follow FastAPI/pydantic v2 (`{"detail":[{"type","loc","msg","input","ctx"}]}`); every other error ' +
          'is `{"detail": "<sentence>", "code": "<UPPER_SNAKE>"}`. Unknown paths under /v1 answer 404 and unsupported methods 405.\n\n' +
          `Limits: bodies up to 64 KB (413), JSON nested at most ${MAX_JSON_DEPTH} levels and lists of at most ${MAX_JSON_ARRAY_ITEMS} items ` +
          `(422), URLs up to ${MAX_URL_BYTES / 1024} KB (414 \`URI_TOO_LONG\`), the request line and headers up to ` +
          `${MAX_HEADER_BYTES / 1024} KB (431 \`REQUEST_HEADERS_TOO_LARGE\`). A POST sent by a web page of another site (an \`Origin\` ` +
          "other than this site's) is refused with 403 `CROSS_ORIGIN_REFUSED`; a write the database cannot take (disk full, read-only) " +
          'answers 503 `STORAGE_UNAVAILABLE` with `Retry-After` and changes nothing.\n\n' +
          "Rate limits: every /v1 request counts against its client's limit per minute (reads: GET and HEAD; writes: POST), shared by " +
          'all instances. Answers carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; over the limit the answer is ' +
          '429 `RATE_LIMITED` with `Retry-After`. `/v1/capabilities` shows the limits in force.',
        contact: { name: 'Throughline Partners', url: 'https://throughlinepartners.com/contact' },
        // The API is the firm's own; using it is free, the content stays the firm's.
        license: { name: 'Proprietary: content © Throughline Partners; free to call, not to republish', url: 'https://throughlinepartners.com/about' },
      },
      // Relative to the document: every instance serves its own contract, whatever its host name.
      servers: [{ url: '/', description: 'The server this document was read from' }],
      // The contract has no authentication: every operation is public, and says so.
      security: [],
      tags: TAGS,
      paths,
      // What the firm sends to the endpoints admins register (docs/webhooks.md), from the same contract.
      webhooks: webhookOperations(),
    },
    { override: ({ jsonSchema }) => dropZodNoise(jsonSchema as Record<string, unknown>) },
  );
}
