import { operations } from '@/lib/contract/operations';
import { listServices } from '@/lib/domain/catalogue/catalogue';
import { defineRoute } from '@/lib/http/define-route';
import { handle } from '@/lib/http/operation-handler';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: handle(operations.listServices, ({ query }) => listServices(query)),
});
