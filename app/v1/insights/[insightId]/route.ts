import { operations } from '@/lib/contract/operations';
import { getInsight } from '@/lib/domain/insights/insights';
import { defineRoute } from '@/lib/http/define-route';
import { handle } from '@/lib/http/operation-handler';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: handle(operations.getInsight, ({ params }) => getInsight(params.insightId)),
});
