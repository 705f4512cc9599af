import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { db } from './client';
import { databaseEngine } from './engine';

/** The migrations folder of the configured engine (relative to the project root, the working directory). */
function migrationsDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), databaseEngine() === 'postgresql' ? 'prisma/postgres/migrations' : 'prisma/migrations');
}

let shipped: string[] | undefined;

/** The migrations this release ships: read once, they do not change while it runs. */
function shippedMigrations(): string[] {
  shipped ??= readdirSync(migrationsDir(), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(migrationsDir(), entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort();
  return shipped;
}

/**
 * The migrations of this release that the database has not (completely) applied; empty when it is current. Throws
 * when the database does not answer.
 */
export async function pendingMigrations(): Promise<string[]> {
  const applied = await db.$queryRaw<{ name: string }[]>`
    SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const done = new Set(applied.map((row) => row.name));
  return shippedMigrations().filter((name) => !done.has(name));
}
