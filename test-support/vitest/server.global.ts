import type { TestProject } from 'vitest/node';
import { serveAuditPage } from '../audit/audit-page-server.mjs';
import { startTestServer } from '../test-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** A local page the server's website audit may fetch (it is in the server's AUDIT_ALLOWED_HOSTS). */
    auditPageOrigin: string;
  }
}

export default async function setup(project: TestProject) {
  const auditPage = await serveAuditPage();
  // Limits high enough (TEST_RATE_LIMITS, startTestServer's default) that no test file is throttled; e2e/api/rate-limits.test.ts
  // runs its own servers.
  const server = await startTestServer({ env: { AUDIT_ALLOWED_HOSTS: auditPage.hostPort } });
  project.provide('baseUrl', server.baseUrl);
  project.provide('databaseUrl', server.databaseUrl);
  project.provide('auditPageOrigin', auditPage.origin);
  return async () => {
    await server.stop();
    await auditPage.close();
  };
}
