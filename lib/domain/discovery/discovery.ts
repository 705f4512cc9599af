import { API_VERSION } from '@/lib/contract/discovery';
import type { ApiCapabilitiesBody, HealthCheckBody, HealthStatusBody, RootDiscoveryBody } from '@/lib/contract/discovery';
import { componentLogger } from '@/lib/observability/logger.mjs';
import { SERVICE_CATEGORIES } from '@/lib/contract/catalogue';
import { db } from '@/lib/db/client';
import { documentedOperations } from '@/lib/contract/openapi-document';
import { contentSnapshot } from '../content/snapshot';
import { rateLimitsInForce } from '../../rate-limits/rate-limiter';
import { runHealthChecks, type CheckResult, type HealthSettings } from '../system/health-checks';

let lastKnownStamp = 'unknown';

const asBody = (result: CheckResult): HealthCheckBody => ({ ...result, since: result.since?.toISOString() ?? null });

/**
 * Unavailable: the database does not answer. Degraded: it answers, but a check fails: no content loaded yet, or the
 * back half in trouble (lib/domain/system/health-checks.ts). Healthy otherwise. `checks` says which.
 */
export async function getHealth(now = new Date(), settings?: HealthSettings): Promise<HealthStatusBody> {
  const timestamp = now.toISOString();
  try {
    await db.$queryRaw`SELECT 1`;
    const { buildStamp, content } = await contentSnapshot();
    lastKnownStamp = buildStamp;
    const loaded = Boolean(content.company && content.services.length > 0);
    const checks: Record<string, HealthCheckBody> = {
      database: { status: 'pass', detail: 'The database answers.', since: null, count: 0 },
      content: loaded
        ? { status: 'pass', detail: 'The company profile and services are loaded.', since: null, count: content.services.length }
        : { status: 'fail', detail: 'No published content is loaded yet.', since: null, count: 0 },
      ...Object.fromEntries(Object.entries(await runHealthChecks(now, settings)).map(([name, result]) => [name, asBody(result)])),
    };
    const status = Object.values(checks).every((check) => check.status === 'pass') ? 'healthy' : 'degraded';
    return { status, timestamp, version: API_VERSION, build_stamp: buildStamp, checks };
  } catch (error) {
    componentLogger('health').error({ err: error }, 'health check failed: the database does not answer');
    const database: HealthCheckBody = { status: 'fail', detail: 'The database does not answer.', since: null, count: 0 };
    return { status: 'unavailable', timestamp, version: API_VERSION, build_stamp: lastKnownStamp, checks: { database } };
  }
}

export function getCapabilities(): ApiCapabilitiesBody {
  const operations = documentedOperations();
  return {
    categories: [...SERVICE_CATEGORIES],
    endpointCount: operations.length,
    rateLimit: rateLimitsInForce(),
    supportedOperations: operations.map((op) => op.operationId),
  };
}

export async function getRootDiscovery(): Promise<RootDiscoveryBody> {
  const { buildStamp, content } = await contentSnapshot();
  const name = content.company?.name ?? 'Consulting API';
  return {
    name: `${name} API`,
    description: 'Public, machine-readable interface of a Theory of Constraints consulting firm: services, insights, principles and company profile.',
    version: API_VERSION,
    build_stamp: buildStamp,
    links: {
      documentation: '/docs',
      openapi: '/openapi.json',
      health: '/v1/health',
      capabilities: '/v1/capabilities',
      services: '/v1/services',
      serviceCategories: '/v1/services/categories',
      insights: '/v1/insights',
      insightSearch: '/v1/insights/search?q={query}',
      principles: '/v1/knowledge/toc-principles',
      business: '/v1/business',
    },
  };
}
