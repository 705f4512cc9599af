import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { checkReadiness } from './readiness';

type MigrationRow = { id: string; name: string };
let removed: MigrationRow | undefined;

afterEach(async () => {
  // Puts back the record of the migration a test took away (its other columns as the migration had them).
  if (removed) {
    const at = new Date('2026-11-25T00:00:00.000Z');
    await db.$executeRaw`INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
      VALUES (${removed.id}, 'restored', ${removed.name}, ${at}, ${at}, 1)`;
    removed = undefined;
  }
});

describe('checkReadiness', () => {
  it('is ready when the database has every migration of this release', async () => {
    expect(await checkReadiness()).toEqual({ ready: true });
  });

  it('is not ready while a migration of this release is missing from the database, and names it', async () => {
    const [latest] = await db.$queryRaw<MigrationRow[]>`SELECT id, migration_name AS name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1`;
    await db.$executeRaw`DELETE FROM _prisma_migrations WHERE id = ${latest!.id}`;
    removed = latest;
    expect(await checkReadiness()).toEqual({ ready: false, reason: `The database lacks 1 migration(s) of this release: ${latest!.name}.` });
  });
});
