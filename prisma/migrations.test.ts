import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, testPostgresServer } from '../test-support/postgres/postgres-test-databases.mjs';
import { POSTGRES_SCHEMA, postgresSchemaFrom, SQLITE_SCHEMA } from '../scripts/lib/postgres-schema.mjs';

/**
 * `prisma migrate diff --from-migrations <folder> --to-schema <schema> --exit-code`: applies the folder's migrations to
 * an empty (shadow) database and compares the result with the schema. Exit 0 means no difference, 2 a difference (a
 * migration forgotten in that engine's folder), 1 a failure. The search tables are external (prisma.config.ts).
 */
function migrationDrift(env: Record<string, string>, migrations: string, schema: string) {
  const result = spawnSync(
    process.execPath,
    ['tools/prisma-offline/prisma.mjs', 'migrate', 'diff', '--from-migrations', migrations, '--to-schema', schema, '--exit-code'],
    { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 90_000 },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the schemas and migrations of both engines', () => {
  it('keeps the PostgreSQL schema the SQLite one with only the provider and the client output changed', () => {
    const sqlite = readFileSync(SQLITE_SCHEMA, 'utf8');
    const postgres = readFileSync(POSTGRES_SCHEMA, 'utf8');
    // Stale or edited by hand: `npm run db:postgres-schema` rewrites it.
    expect(postgres).toBe(postgresSchemaFrom(sqlite));
    const differing = postgres
      .split('\n')
      .filter((line) => !line.startsWith('//') && !sqlite.split('\n').includes(line))
      .map((line) => line.trim());
    expect(differing).toEqual(['output        = "../../lib/generated/prisma-postgres"', 'provider = "postgresql"']);
  });

  it('SQLite: prisma/migrations applied to an empty database give prisma/schema.prisma', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toc-drift-'));
    try {
      const drift = migrationDrift({ DATABASE_URL: `file:${path.join(dir, 'drift.db')}` }, 'prisma/migrations', 'prisma/schema.prisma');
      expect(drift.output).toContain('No difference detected.');
      expect(drift.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const postgres = testPostgresServer();
  it.skipIf(!postgres)('PostgreSQL (npm run test:pg): prisma/postgres/migrations applied to an empty database give prisma/postgres/schema.prisma', async () => {
    const database = await createPostgresDatabase(postgres!.serverUrl, { prefix: 'toc_drift_' });
    const shadow = await createPostgresDatabase(postgres!.serverUrl, { prefix: 'toc_drift_shadow_' });
    try {
      const drift = migrationDrift(
        { DATABASE_URL: database.databaseUrl, SHADOW_DATABASE_URL: shadow.databaseUrl },
        'prisma/postgres/migrations',
        'prisma/postgres/schema.prisma',
      );
      expect(drift.output).toContain('No difference detected.');
      expect(drift.status).toBe(0);
    } finally {
      await database.remove();
      await shadow.remove();
    }
  });
});
