import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { config } from '@/lib/config';

/** `file:./data/app.db` is relative to the project root (the working directory of every script and of `next start`). */
export function sqlitePathFromUrl(url: string): string {
  const raw = url.replace(/^file:/, '');
  return raw === ':memory:' ? raw : path.resolve(/*turbopackIgnore: true*/ process.cwd(), raw);
}

function createClient(): PrismaClient {
  const adapter = new PrismaBetterSqlite3({ url: sqlitePathFromUrl(config().DATABASE_URL), timeout: 10_000 });
  return new PrismaClient({ adapter });
}

// One client per process; in development, hot reloads would otherwise open a new connection each time.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

export const db: PrismaClient = globalForPrisma.prisma ?? createClient();
if (process.env.NODE_ENV !== 'production') globalForPrisma.prisma = db;

export type Db = PrismaClient;
