import { config } from '@/lib/config';

/** The two database engines the app runs on; the scheme of DATABASE_URL picks one. */
export type DatabaseEngine = 'sqlite' | 'postgresql';

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

/** `file:` → SQLite, `postgres://` or `postgresql://` → PostgreSQL; anything else is not a database URL we serve. */
export function engineOfUrl(url: string): DatabaseEngine | undefined {
  if (url.startsWith('file:')) return 'sqlite';
  if (POSTGRES_URL.test(url)) return 'postgresql';
  return undefined;
}

/** The engine of the configured database. */
export function databaseEngine(): DatabaseEngine {
  return engineOfUrl(config().DATABASE_URL) ?? 'sqlite';
}
