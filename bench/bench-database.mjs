import { TEST_SESSION_SECRET, createTestDatabase } from '../test-support/test-server.mjs';
import { startEmbeddedPostgres } from '../test-support/postgres/embedded-postgres.mjs';
import { prepareDatabase } from '../server/database/prepare-database.mjs';

/**
 * BENCH_DATABASE names the engines to measure: `sqlite`, `postgres`, or both (`both`, the default: the issue asks for
 * the two side by side in one run; embedded-postgres is a dependency, so PostgreSQL is always at hand).
 */
export function benchEngines(value = process.env.BENCH_DATABASE ?? 'both') {
  const names =
    value === 'both'
      ? ['sqlite', 'postgres']
      : value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
  for (const name of names) if (!['sqlite', 'postgres'].includes(name)) throw new Error(`BENCH_DATABASE: unknown engine "${name}" (sqlite, postgres, both)`);
  return names;
}

/**
 * A seeded database to serve the benchmark from: a temporary SQLite file, or a database on a PostgreSQL server from
 * the embedded-postgres package on this machine, with fsync on like a real server (a throwaway test cluster turns it
 * off). `remove()` deletes the database and stops that server.
 */
export async function benchDatabase(engine) {
  if (engine === 'sqlite') return createTestDatabase('toc-bench-');
  const server = await startEmbeddedPostgres({ durable: true });
  try {
    const databaseUrl = server.databaseUrl('throughline_bench');
    await prepareDatabase({ env: { ...process.env, DATABASE_URL: databaseUrl, SESSION_SECRET: TEST_SESSION_SECRET }, quiet: true });
    return { dir: null, databaseUrl, remove: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
