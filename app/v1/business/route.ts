import { operations } from '@/lib/contract/operations';
import { getCompanyProfile } from '@/lib/domain/business/business';
import { defineRoute } from '@/lib/http/define-route';
import { handle } from '@/lib/http/operation-handler';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: handle(operations.getBusinessProfile, () => getCompanyProfile()),
});
