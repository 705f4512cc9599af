import type { TestProject } from 'vitest/node';
import { createTestDatabase } from '../../e2e/support/test-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabasePath: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await createTestDatabase('toc-unit-');
  project.provide('templateDatabasePath', database.databaseUrl.replace(/^file:/, ''));
  return () => database.remove();
}
