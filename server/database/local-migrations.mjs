import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The migrations in a Prisma migrations folder with the checksum Prisma records for each (sha256 of migration.sql),
 * so start-up can tell from `_prisma_migrations` alone whether `migrate deploy` would do anything.
 */
export function localMigrations(migrationsDir) {
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(migrationsDir, entry.name, 'migration.sql')))
    .map((entry) => ({
      name: entry.name,
      checksum: createHash('sha256')
        .update(readFileSync(path.join(migrationsDir, entry.name, 'migration.sql')))
        .digest('hex'),
    }));
}
