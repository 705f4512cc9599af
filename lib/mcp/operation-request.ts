import type { Operation } from '@/lib/contract/operation';
import { IDEMPOTENCY_HEADER } from '@/lib/http/idempotency';
import { BODY_ARGUMENT, IDEMPOTENCY_KEY_ARGUMENT } from './tool-arguments';
import type { ToolArguments } from './tool-arguments';

/** Who is calling, as the operation's handler (and a rate limiter behind it) would see it over /v1. */
const CLIENT_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'forwarded', 'user-agent'];

export interface OperationCall {
  request: Request;
  /** What Next.js would hand the route handler as its decoded path parameters. */
  params: Record<string, string | undefined>;
}

/** A query string or header can only carry text; other values are written the way a client would have to write them. */
function asText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

const present = (value: unknown) => value !== undefined && value !== null;

function bodyOf(shape: ToolArguments, args: Record<string, unknown>): unknown {
  if (shape.body === 'whole') return args[BODY_ARGUMENT];
  const taken = new Set([...shape.path, ...shape.query, IDEMPOTENCY_KEY_ARGUMENT]);
  return Object.fromEntries(Object.entries(args).filter(([name]) => !taken.has(name)));
}

/**
 * The /v1 request a tool call stands for: path parameters in the path, query parameters in the query string (an array
 * repeats the parameter), the remaining arguments as the JSON body, `idempotencyKey` as the Idempotency-Key header.
 * Values are not checked here: the operation's handler validates them exactly as it validates /v1 requests.
 */
export function operationCallOf(operation: Operation, shape: ToolArguments, args: Record<string, unknown>, caller: Request): OperationCall {
  const params = Object.fromEntries(shape.path.map((name) => [name, present(args[name]) ? asText(args[name]) : undefined]));
  const pathname = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const url = new URL(pathname, caller.url);
  for (const name of shape.query) {
    const value = args[name];
    for (const item of Array.isArray(value) ? value : [value]) if (present(item)) url.searchParams.append(name, asText(item));
  }
  const headers = new Headers({ accept: 'application/json' });
  for (const name of CLIENT_HEADERS) {
    const value = caller.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (shape.idempotencyKey && present(args[IDEMPOTENCY_KEY_ARGUMENT])) headers.set(IDEMPOTENCY_HEADER, asText(args[IDEMPOTENCY_KEY_ARGUMENT]));
  let body: string | undefined;
  if (shape.body !== 'none') {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(bodyOf(shape, args)) ?? '';
  }
  return { request: new Request(url, { method: operation.method, headers, body }), params };
}
