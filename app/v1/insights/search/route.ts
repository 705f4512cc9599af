import { operations } from '@/lib/contract/operations';
import { searchInsights } from '@/lib/domain/search/insight-search';
import { defineRoute } from '@/lib/http/define-route';
import { handle } from '@/lib/http/operation-handler';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: handle(operations.searchInsights, ({ query }) => searchInsights(query)),
});
