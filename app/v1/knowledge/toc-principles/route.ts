import { operations } from '@/lib/contract/operations';
import { getTocPrinciples } from '@/lib/domain/knowledge/knowledge';
import { defineRoute } from '@/lib/http/define-route';
import { handle } from '@/lib/http/operation-handler';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: handle(operations.getTocPrinciples, () => getTocPrinciples()),
});
