import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { PrismaClient as PostgresPrismaClient } from '@/lib/generated/prisma-postgres/client';
import { config } from '@/lib/config';
import { lazyImport } from '@/lib/core/lazy-import';
import { processSingleton } from '@/lib/process-singleton';
import { postgresAdapter, sqliteAdapter } from './driver-adapters';
import { engineOfUrl } from './engine';
import { immediateTransactions } from './sqlite-immediate-transactions';
import { withoutNul } from './without-nul';

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

function engineClient(url: string): PrismaClient {
  if (engineOfUrl(url) === 'postgresql') {
    // Generated from a schema that differs from the SQLite one only in its provider (a unit test holds them
    // together), so it has the same models and methods; the domain is typed against the SQLite client once.
    const adapter = adapterOnConnect('postgres', '@prisma/adapter-pg', () => postgresAdapter(url));
    return new PostgresPrismaClient({ adapter }) as unknown as PrismaClient;
  }
  const adapter = adapterOnConnect('sqlite', '@prisma/adapter-better-sqlite3', () => sqliteAdapter(url));
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
