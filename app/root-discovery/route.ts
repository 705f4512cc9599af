import { operations } from '@/lib/contract/operations';
import { getRootDiscovery } from '@/lib/domain/discovery/discovery';
import { defineRoute } from '@/lib/http/define-route';
import { handle } from '@/lib/http/operation-handler';

// Serves GET and HEAD `/` for API clients: proxy.ts rewrites `/` here unless the client asks for HTML.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: handle(operations.getRoot, () => getRootDiscovery()),
  HEAD: handle(operations.headRoot, () => getRootDiscovery()),
});
