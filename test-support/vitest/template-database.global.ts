import type { TestProject } from 'vitest/node';
import { createTestDatabase } from '../test-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, seeded database each test file copies: `file:…`, or `postgresql://…` under `npm run test:pg`. */
    templateDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await createTestDatabase('toc-unit-');
  project.provide('templateDatabaseUrl', database.databaseUrl);
  return () => database.remove();
}
