import { openApiRoute } from '@/lib/http/openapi-response';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = openApiRoute;
