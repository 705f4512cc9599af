import type { RouteHandler } from './operation-handler';
import { errorResponse } from './json-response';
import { withRateLimit } from './rate-limit';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];

/** The handler's answer, headers and status only: the one place a HEAD response loses its body. */
function withoutBody(handler: RouteHandler, operationId?: string): RouteHandler {
  const head: RouteHandler = async (request, context) => {
    const response = await handler(request, context);
    return new Response(null, { status: response.status, headers: response.headers });
  };
  head.operationId = operationId;
  return head;
}

/**
 * All HTTP methods for one route file. Methods the route does not implement answer 405 in the error
 * envelope with an `Allow` header (Next's own 405 has no body); HEAD runs its own handler, or GET,
 * without the body. Under `/v1` every method, 405s included, counts against the client's rate limit.
 */
export function defineRoute(handlers: Partial<Record<'GET' | 'HEAD' | 'POST', RouteHandler>>): Record<Method, RouteHandler> {
  const implemented = { ...handlers };
  // A documented HEAD operation keeps its operationId; one derived from GET is not an operation of its own.
  if (handlers.HEAD) implemented.HEAD = withoutBody(handlers.HEAD, handlers.HEAD.operationId);
  else if (handlers.GET) implemented.HEAD = withoutBody(handlers.GET);
  const allow = METHODS.filter((m) => m === 'OPTIONS' || implemented[m as keyof typeof implemented]).join(', ');

  const notAllowed: RouteHandler = async (request) =>
    errorResponse(
      405,
      { detail: `Method ${request.method} is not allowed on ${new URL(request.url).pathname}. Allowed: ${allow}.`, code: 'METHOD_NOT_ALLOWED' },
      { allow },
    );
  const options: RouteHandler = async () => new Response(null, { status: 204, headers: { allow } });

  return Object.fromEntries(
    METHODS.map((method) => [method, withRateLimit(implemented[method as keyof typeof implemented] ?? (method === 'OPTIONS' ? options : notAllowed))]),
  ) as Record<Method, RouteHandler>;
}
