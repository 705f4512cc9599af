import { operations } from '@/lib/contract/operations';
import { getCheckout } from '@/lib/domain/checkout';
import { defineRoute } from '@/lib/http/define-route';
import { handle } from '@/lib/http/operation-handler';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: handle(operations.getCheckout, ({ params }) => getCheckout(params.token)),
});
