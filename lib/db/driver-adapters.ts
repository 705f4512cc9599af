import path from 'node:path';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';

/**
 * The drivers of both engines, as Prisma's driver adapters. The Prisma client is made over them (client.ts), and a
 * thread that only writes a few tables uses an adapter's connection directly (raw-sql.ts): a Prisma client costs a
 * thread about 75 MiB, an adapter about 3. Each adapter package is imported only when asked for.
 */

/** `file:./data/app.db` is relative to the project root (the working directory of every script and of `next start`). */
export function sqlitePathFromUrl(url: string): string {
  const raw = url.replace(/^file:/, '');
  return raw === ':memory:' ? raw : path.resolve(/*turbopackIgnore: true*/ process.cwd(), raw);
}

/** SQLite through better-sqlite3. */
export async function sqliteAdapter(url: string): Promise<SqlDriverAdapterFactory> {
  const { PrismaBetterSqlite3 } = await import('@prisma/adapter-better-sqlite3');
  // `timeout` is SQLite's busy timeout: how long a write waits for another process's write before it gives up.
  return new PrismaBetterSqlite3({ url: sqlitePathFromUrl(url), timeout: 10_000 });
}

/**
 * PostgreSQL through adapter-pg. Prisma's `?schema=` names the schema: the client qualifies its tables with it, and
 * the connections search it first, so the hand-written SQL (search, job claims) finds the same tables.
 */
export async function postgresAdapter(url: string): Promise<SqlDriverAdapterFactory> {
  const { PrismaPg } = await import('@prisma/adapter-pg');
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema') ?? undefined;
  parsed.searchParams.delete('schema');
  return new PrismaPg(
    { connectionString: parsed.toString(), ...(schema ? { options: `-c search_path="${schema.replaceAll('"', '""')}"` } : {}) },
    schema ? { schema } : undefined,
  );
}
