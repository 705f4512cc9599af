import { operationRouteModules } from '@/lib/generated/operation-routes';
import type { RouteHandler } from '@/lib/http/operation-handler';

const isBound = (exported: unknown): exported is RouteHandler & { operationId: string } =>
  typeof exported === 'function' && typeof (exported as RouteHandler).operationId === 'string';

/** Each operation's own route handler, found by the operationId that `handle()` stamps on it. */
const handlers = new Map(operationRouteModules.flatMap((module) => Object.values(module).filter(isBound)).map((handler) => [handler.operationId, handler]));

export function handlerFor(operationId: string): RouteHandler {
  const handler = handlers.get(operationId);
  if (!handler) throw new Error(`No route handler is bound to ${operationId}; run \`npm run generate\` after adding a route.`);
  return handler;
}
