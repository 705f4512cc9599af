import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { PrismaClient as PostgresPrismaClient } from '@/lib/generated/prisma-postgres/client';
import { config } from '@/lib/config';
import { processSingleton } from '@/lib/process-singleton';
import { engineOfUrl } from './engine';
import { immediateTransactions } from './sqlite-immediate-transactions';
import { withoutNul } from './without-nul';

/** `file:./data/app.db` is relative to the project root (the working directory of every script and of `next start`). */
export function sqlitePathFromUrl(url: string): string {
  const raw = url.replace(/^file:/, '');
  return raw === ':memory:' ? raw : path.resolve(/*turbopackIgnore: true*/ process.cwd(), raw);
}

/**
 * PostgreSQL through adapter-pg. Prisma's `?schema=` names the schema: the client qualifies its tables with it, and
 * the connections search it first, so the hand-written SQL (search, job claims) finds the same tables.
 */
function postgresAdapter(url: string): PrismaPg {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema') ?? undefined;
  parsed.searchParams.delete('schema');
  return new PrismaPg(
    { connectionString: parsed.toString(), ...(schema ? { options: `-c search_path="${schema.replaceAll('"', '""')}"` } : {}) },
    schema ? { schema } : undefined,
  );
}

function engineClient(url: string): PrismaClient {
  if (engineOfUrl(url) === 'postgresql') {
    // Generated from a schema that differs from the SQLite one only in its provider (a unit test holds them
    // together), so it has the same models and methods; the domain is typed against the SQLite client once.
    return new PostgresPrismaClient({ adapter: postgresAdapter(url) }) as unknown as PrismaClient;
  }
  // `timeout` is SQLite's busy timeout: how long a write waits for another process's write before it gives up.
  return new PrismaClient({ adapter: immediateTransactions(new PrismaBetterSqlite3({ url: sqlitePathFromUrl(url), timeout: 10_000 })) });
}

/** The client of the configured engine; every model write leaves out NUL characters on both engines (without-nul.ts). */
function createClient(): PrismaClient {
  const extended = engineClient(config().DATABASE_URL).$extends({
    query: { $allModels: { $allOperations: ({ args, query }) => query(withoutNul(args)) } },
  });
  return extended as unknown as PrismaClient;
}

// One client per process: Next bundles routes, pages and actions separately (and dev reloads modules),
// and each copy of this module would otherwise open its own connection.
export const db: PrismaClient = processSingleton('prisma-client', createClient);

export type Db = PrismaClient;
