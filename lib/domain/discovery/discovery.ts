import { API_VERSION } from '@/lib/contract/discovery';
import type { ApiCapabilitiesBody, HealthStatusBody, RootDiscoveryBody } from '@/lib/contract/discovery';
import { SERVICE_CATEGORIES } from '@/lib/contract/catalogue';
import { db } from '@/lib/db/client';
import { documentedOperations } from '@/lib/contract/openapi-document';
import { contentSnapshot } from '../content/snapshot';
import { rateLimitsInForce } from '../../rate-limits/rate-limiter';

let lastKnownStamp = 'unknown';

/** Healthy: the database answers and content is loaded. Degraded: it answers but holds no content yet. */
export async function getHealth(): Promise<HealthStatusBody> {
  const timestamp = new Date().toISOString();
  try {
    await db.$queryRaw`SELECT 1`;
    const { buildStamp, content } = await contentSnapshot();
    lastKnownStamp = buildStamp;
    const status = content.company && content.services.length > 0 ? 'healthy' : 'degraded';
    return { status, timestamp, version: API_VERSION, build_stamp: buildStamp };
  } catch (error) {
    console.error('health check failed', error);
    return { status: 'unavailable', timestamp, version: API_VERSION, build_stamp: lastKnownStamp };
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
