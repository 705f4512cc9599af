import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { config } from '@/lib/config';
import { processSingleton } from '@/lib/process-singleton';

/** `file:./data/app.db` is relative to the project root (the working directory of every script and of `next start`). */
export function sqlitePathFromUrl(url: string): string {
  const raw = url.replace(/^file:/, '');
  return raw === ':memory:' ? raw : path.resolve(/*turbopackIgnore: true*/ process.cwd(), raw);
}

function createClient(): PrismaClient {
  const adapter = new PrismaBetterSqlite3({ url: sqlitePathFromUrl(config().DATABASE_URL), timeout: 10_000 });
  return new PrismaClient({ adapter });
}

// One client per process: Next bundles routes, pages and actions separately (and dev reloads modules),
// and each copy of this module would otherwise open its own connection.
export const db: PrismaClient = processSingleton('prisma-client', createClient);

export type Db = PrismaClient;
