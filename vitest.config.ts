import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'lib/**/*.test.ts',
            'prisma/**/*.test.ts',
            'app/**/*.test.ts',
            'clients/**/*.test.ts',
            'scripts/**/*.test.ts',
            'server/**/*.test.ts',
            'test-support/**/*.test.ts',
          ],
          environment: 'node',
          pool: 'forks',
          // One migrated, seeded template database; each test file works on its own copy of it.
          globalSetup: ['test-support/vitest/template-database.global.ts'],
          setupFiles: ['test-support/vitest/database-per-file.setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'http',
          include: ['e2e/api/**/*.test.ts'],
          environment: 'node',
          // One production server (next start) on a temporary database for the whole run.
          globalSetup: ['test-support/vitest/server.global.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'drills',
          // The short forms of the reliability drills (drills/); each starts its own servers from the production build.
          include: ['drills/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 180_000,
        },
      },
    ],
  },
});
