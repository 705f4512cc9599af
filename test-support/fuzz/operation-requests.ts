import fc from 'fast-check';
import type { z } from 'zod';
import type { Operation } from '@/lib/contract/operation';
import { queryValuesFor, valuesFor } from './zod-arbitraries';

/** One request the fuzz drill sends. */
export interface FuzzRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Bodies that are not the JSON an operation expects, or not JSON at all. */
export const MALFORMED_BODIES = [
  '',
  ' ',
  '{',
  '}',
  '{"a":}',
  '{"a" 1}',
  '[1,2,]',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}garbage',
  'NaN',
  'undefined',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\x41"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `{"a":1,"a":2}`,
  `${'['.repeat(64)}${']'.repeat(64)}`,
  `{"list":[${Array(1500).fill('0').join(',')}]}`,
  `{"big":"${'x'.repeat(70_000)}"}`,
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
];

/** Header values a client might send: any printable ASCII (what HTTP allows), including the odd and the long. */
const headerText = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 300 }),
  fc.constantFrom('', ' ', 'W/"x"', '*', 'a'.repeat(256)),
);

const textOf = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'));

/** Percent-encoded as a client would send it; a lone surrogate, which no URL can carry, becomes U+FFFD as in UTF-8. */
const pathSegment = (value: string) => encodeURIComponent(Buffer.from(value, 'utf8').toString('utf8'));

function pathArbitrary(operation: Operation, known: Record<string, string[]>): fc.Arbitrary<string> {
  const shape = (operation.params?.shape ?? {}) as Record<string, z.core.$ZodType>;
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  if (names.length === 0) return fc.constant(operation.path);
  const values = names.map((name) =>
    fc.oneof(
      { weight: 2, arbitrary: known[name]?.length ? fc.constantFrom(...known[name]!) : fc.constant(name) },
      { weight: 3, arbitrary: shape[name] ? valuesFor(shape[name]).map(textOf) : fc.string() },
    ),
  );
  return fc.tuple(...values).map((chosen) => names.reduce((path, name, index) => path.replace(`{${name}}`, pathSegment(chosen[index]!)), operation.path));
}

function queryArbitrary(operation: Operation): fc.Arbitrary<string> {
  const shape = (operation.query?.shape ?? {}) as Record<string, z.core.$ZodType>;
  const known = fc.record(Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, queryValuesFor(schema)])));
  const junk = fc.array(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 })), { maxLength: 2 });
  return fc.tuple(known, junk).map(([params, extra]) => {
    const search = new URLSearchParams();
    for (const [name, values] of Object.entries(params)) for (const value of values) search.append(name, value);
    for (const [name, value] of extra) search.append(name, value);
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

function bodyArbitrary(operation: Operation): fc.Arbitrary<{ body?: string; headers: Record<string, string> }> {
  if (operation.method !== 'POST') return fc.constant({ headers: {} });
  const json = operation.body ? valuesFor(operation.body).map((value) => JSON.stringify(value) ?? '') : fc.constant('');
  return fc
    .tuple(
      fc.oneof(
        { weight: 6, arbitrary: json },
        { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_BODIES) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
      ),
      fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) }),
    )
    .map(([body, contentType]): { body: string; headers: Record<string, string> } => ({ body, headers: contentType ? { 'content-type': contentType } : {} }));
}

function headerArbitrary(operation: Operation): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      ...(operation.idempotent ? { 'idempotency-key': fc.oneof(fc.uuid(), headerText) } : {}),
      ...(operation.cache === 'content' ? { 'if-none-match': headerText } : {}),
      accept: fc.constantFrom('application/json', '*/*', 'text/html', 'application/xml', ''),
    },
    { requiredKeys: [] },
  );
}

/**
 * Requests for one operation: its path with known ids (from `known`, by parameter name) or hostile ones, its query
 * and body from its zod schemas, malformed JSON and other media types, odd header values.
 */
export function requestsFor(operation: Operation, known: Record<string, string[]> = {}): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(pathArbitrary(operation, known), queryArbitrary(operation), bodyArbitrary(operation), headerArbitrary(operation))
    .map(([path, query, { body, headers: bodyHeaders }, headers]) => ({
      method: operation.method,
      path: `${path}${query}`,
      headers: { ...headers, ...bodyHeaders },
      ...(body === undefined ? {} : { body }),
    }));
}

/** Requests outside the operations: unknown paths under /v1, and methods an operation does not take. */
export function strayRequests(paths: string[]): fc.Arbitrary<FuzzRequest> {
  const segment = fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom('..', '.', '%2e%2e', 'v1', 'services', 'x'.repeat(300)));
  const unknownPath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((segments) => `/v1/${segments.map(pathSegment).join('/')}`);
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'),
      path: fc.oneof(unknownPath, fc.constantFrom(...paths)),
      headers: fc.constant({ 'content-type': 'application/json' }),
      body: fc.constantFrom('{}', '', '[1]'),
    })
    .map((request) => (request.method === 'GET' || request.method === 'HEAD' ? { method: request.method, path: request.path, headers: {} } : request));
}
