import type { RouteHandler } from './operation-handler';
import { errorResponse } from './json-response';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];

/**
 * All HTTP methods for one route file. Methods the route does not implement answer 405 in the error
 * envelope with an `Allow` header (Next's own 405 has no body); HEAD runs GET without the body.
 */
export function defineRoute(handlers: Partial<Record<'GET' | 'HEAD' | 'POST', RouteHandler>>): Record<Method, RouteHandler> {
  const implemented = { ...handlers };
  if (implemented.GET && !implemented.HEAD) {
    const get = implemented.GET;
    implemented.HEAD = async (request, context) => {
      const response = await get(request, context);
      return new Response(null, { status: response.status, headers: response.headers });
    };
  }
  const allow = METHODS.filter((m) => m === 'OPTIONS' || implemented[m as keyof typeof implemented]).join(', ');

  const notAllowed: RouteHandler = async (request) =>
    errorResponse(
      405,
      { detail: `Method ${request.method} is not allowed on ${new URL(request.url).pathname}. Allowed: ${allow}.`, code: 'METHOD_NOT_ALLOWED' },
      { allow },
    );
  const options: RouteHandler = async () => new Response(null, { status: 204, headers: { allow } });

  return Object.fromEntries(
    METHODS.map((method) => [method, implemented[method as keyof typeof implemented] ?? (method === 'OPTIONS' ? options : notAllowed)]),
  ) as Record<Method, RouteHandler>;
}
