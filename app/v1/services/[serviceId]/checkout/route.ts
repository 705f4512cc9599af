import { operations } from '@/lib/contract/operations';
import { startCheckout } from '@/lib/domain/checkout';
import { defineRoute } from '@/lib/http/define-route';
import { handle } from '@/lib/http/operation-handler';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: handle(operations.startCheckout, ({ params, body }) => startCheckout(params.serviceId, body)),
});
