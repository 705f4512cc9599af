import { operations } from '@/lib/contract/operations';
import { listInsights } from '@/lib/domain/insights/insights';
import { defineRoute } from '@/lib/http/define-route';
import { handle } from '@/lib/http/operation-handler';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: handle(operations.listInsights, ({ query }) => listInsights(query)),
});
