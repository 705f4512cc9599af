import path from 'node:path';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { PrismaClient as PostgresPrismaClient } from '@/lib/generated/prisma-postgres/client';
import { config } from '@/lib/config';
import { lazyImport } from '@/lib/core/lazy-import';
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
 * An adapter whose package is imported when the client first connects, not when this module loads: a process uses one
 * engine, and the other's adapter (adapter-pg alone is about 16 MiB of memory) would sit unused in the job runner's
 * thread and the web process. The client reads only `provider` when it is made (to check it against the schema's),
 * so `db` stays a plain synchronous value.
 */
function adapterOnConnect(
  provider: SqlDriverAdapterFactory['provider'],
  adapterName: string,
  create: () => Promise<SqlDriverAdapterFactory>,
): SqlDriverAdapterFactory {
  const factory = lazyImport(create);
  return { provider, adapterName, connect: async () => (await factory()).connect() };
}

/**
 * PostgreSQL through adapter-pg. Prisma's `?schema=` names the schema: the client qualifies its tables with it, and
 * the connections search it first, so the hand-written SQL (search, job claims) finds the same tables.
 */
async function postgresAdapter(url: string): Promise<SqlDriverAdapterFactory> {
  const { PrismaPg } = await import('@prisma/adapter-pg');
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
    const adapter = adapterOnConnect('postgres', '@prisma/adapter-pg', () => postgresAdapter(url));
    return new PostgresPrismaClient({ adapter }) as unknown as PrismaClient;
  }
  const adapter = adapterOnConnect('sqlite', '@prisma/adapter-better-sqlite3', async () => {
    const { PrismaBetterSqlite3 } = await import('@prisma/adapter-better-sqlite3');
    // `timeout` is SQLite's busy timeout: how long a write waits for another process's write before it gives up.
    return new PrismaBetterSqlite3({ url: sqlitePathFromUrl(url), timeout: 10_000 });
  });
  return new PrismaClient({ adapter: immediateTransactions(adapter) });
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
