import type { TestProject } from 'vitest/node';
import { startTestServer } from '../../support/test-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // Limits high enough (TEST_RATE_LIMITS) that no test file is throttled; e2e/api/rate-limits.test.ts runs its own servers.
  const server = await startTestServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('databaseUrl', server.databaseUrl);
  return () => server.stop();
}
