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
      {
        resolve: { alias },
        test: {
          name: 'release',
          // The packed release, unpacked and started on its own (scripts/release/release-test.mjs runs this project, once
          // per database and Node binary): what it holds, and the HTTP smoke tests against it.
          include: [
            'e2e/release/**/*.test.ts',
            'e2e/api/catalogue.test.ts',
            'e2e/api/inquiries.test.ts',
            'e2e/api/booking.test.ts',
            'e2e/api/discovery.test.ts',
            'e2e/api/security-headers.test.ts',
          ],
          environment: 'node',
          globalSetup: ['test-support/release/release.global.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
