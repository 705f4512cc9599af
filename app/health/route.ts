import { operations } from '@/lib/contract/operations';
import { defineRoute } from '@/lib/http/define-route';
import { healthHandler } from '@/lib/http/health';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({ GET: healthHandler(operations.getHealthUnversioned) });
