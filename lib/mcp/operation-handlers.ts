import { operationHandlers } from '@/lib/api/operation-handlers';
import type { RouteHandler } from '@/lib/http/operation-handler';
import { withRateLimit } from '@/lib/http/rate-limit';

const bound: Partial<Record<string, RouteHandler>> = operationHandlers;

/**
 * The handler of an operation, from the same table the /v1 route files read, counted against the caller's rate limit
 * like the route (defineRoute adds the same wrapper there).
 */
export function handlerFor(operationId: string): RouteHandler {
  const handler = bound[operationId];
  if (!handler) throw new Error(`No handler is bound to ${operationId} in lib/api/operation-handlers.ts.`);
  return withRateLimit(handler);
}
