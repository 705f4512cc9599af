import { operations } from '@/lib/contract/operations';
import { submitInquiry } from '@/lib/domain/inquiries/inquiries';
import { defineRoute } from '@/lib/http/define-route';
import { handle } from '@/lib/http/operation-handler';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: handle(operations.submitInquiry, ({ body }) => submitInquiry(body)),
});
