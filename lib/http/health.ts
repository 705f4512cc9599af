import type { z } from 'zod';
import type { Operation } from '@/lib/contract/operation';
import type { HealthStatus } from '@/lib/contract/discovery';
import { getHealth } from '@/lib/domain/discovery/discovery';
import { CACHE_CONTROL } from './cache-policy';
import { jsonResponse } from './json-response';
import { handle } from './operation-handler';

/** Health answers 503 when the database is unreachable, so load balancers take the instance out. */
export function healthHandler(operation: Operation<z.ZodObject, z.ZodObject, typeof HealthStatus>) {
  return handle(operation, async () => {
    const health = await getHealth();
    return health.status === 'unavailable' ? jsonResponse(health, 503, { 'cache-control': CACHE_CONTROL.live }) : health;
  });
}
