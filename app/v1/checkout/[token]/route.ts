import { operationHandlers } from '@/lib/api/operation-handlers';
import { defineRoute } from '@/lib/http/define-route';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({ GET: operationHandlers.getCheckout });
