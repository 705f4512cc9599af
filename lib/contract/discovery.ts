import { z } from 'zod';
import 'zod-openapi';
import { IsoDateTime } from './common';

export const API_VERSION = '1.0.0';

export const HealthStatusEnum = z.enum(['healthy', 'degraded', 'unavailable']).meta({ id: 'HealthStatusEnum' });

export const HealthCheck = z
  .object({
    status: z.enum(['pass', 'fail']),
    detail: z.string().meta({ description: 'What the check found, in a sentence.' }),
    since: IsoDateTime.nullable().meta({
      description: 'A failing check: when the problem began. A passing one: when what it watches last did well, when known.',
    }),
    count: z.int().meta({ description: 'How many: job runners reporting, jobs due, dead jobs and failed emails, messages failing.' }),
  })
  .meta({ id: 'HealthCheck', title: 'HealthCheck' });

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
    checks: z
      .record(z.string(), HealthCheck)
      .optional()
      .meta({
        description:
          'Why the status is what it is, one entry per check, each `pass` or `fail`: `database`, `content` (the company profile ' +
          'and services are loaded), `jobRunner` (a job runner sent a heartbeat within 3 × JOB_POLL_MS, at least 30 s), ' +
          '`jobQueue` (no due job has waited longer than HEALTH_MAX_JOB_DELAY_S), `unseenFailures` (no dead job or failed ' +
          'email waits for an admin), `mail` (mail has not been failing for more than 10 minutes) and `calendars` (no ' +
          'consultant calendar has failed to sync for 30 minutes, nor gone two sync periods without syncing). ' +
          'Any failing check ' +
          'makes the status `degraded`; an unreachable database makes it `unavailable` (503). An addition to the contract: ' +
          'clients that read only the fields above see the same shape as before.',
        example: {
          database: { status: 'pass', detail: 'The database answers.', since: null, count: 0 },
          jobRunner: { status: 'fail', detail: 'No job runner has sent a heartbeat for 45 s.', since: '2026-11-25T20:14:03.000Z', count: 0 },
        },
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
export type HealthCheckBody = z.input<typeof HealthCheck>;
export type ApiCapabilitiesBody = z.input<typeof ApiCapabilities>;
export type RootDiscoveryBody = z.input<typeof RootDiscovery>;
