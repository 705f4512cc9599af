import { z } from 'zod';
import 'zod-openapi';
import { IsoDateTime } from './common';

export const API_VERSION = '1.0.0';

export const HealthStatusEnum = z.enum(['healthy', 'degraded', 'unavailable']).meta({ id: 'HealthStatusEnum' });

export const HealthStatus = z
  .object({
    status: HealthStatusEnum,
    timestamp: IsoDateTime,
    version: z.string().nullish().default(API_VERSION),
    build_stamp: z.string().meta({
      description:
        'Short content version (not a timestamp): a hash of the published content and the release. ' +
        'Compare it with the value your cached data was captured under; refetch when it differs.',
      example: '3f9c2a71b0de',
    }),
  })
  .meta({ id: 'HealthStatus', title: 'HealthStatus' });

export const ApiCapabilities = z
  .object({
    categories: z.array(z.string()),
    endpointCount: z.int().meta({ description: 'Number of operations in the OpenAPI document.' }),
    rateLimit: z
      .record(z.string(), z.int())
      .nullish()
      .meta({
        description:
          'The rate limits in force, requests per client per minute: `readsPerMinute` (every /v1 GET and HEAD) and `writesPerMinute` ' +
          '(every POST). Over a limit the answer is 429 `RATE_LIMITED` with `Retry-After`.',
        example: { readsPerMinute: 600, writesPerMinute: 20 },
      }),
    supportedOperations: z.array(z.string()).nullish().meta({ description: 'operationIds of the OpenAPI document.' }),
  })
  .meta({ id: 'ApiCapabilities', title: 'ApiCapabilities' });

export const RootDiscovery = z
  .looseObject({
    name: z.string(),
    description: z.string(),
    version: z.string(),
    build_stamp: z.string(),
    links: z.record(z.string(), z.string()),
  })
  .meta({
    id: 'RootDiscovery',
    title: 'RootDiscovery',
    description: 'Free-form discovery document: what this API is and where to go next.',
  });

export type HealthStatusBody = z.input<typeof HealthStatus>;
export type ApiCapabilitiesBody = z.input<typeof ApiCapabilities>;
export type RootDiscoveryBody = z.input<typeof RootDiscovery>;
