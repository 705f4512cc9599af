import { config } from '@/lib/config';
import { connectRawSql, type RawSql } from '@/lib/db/raw-sql';
import { processSingleton } from '@/lib/process-singleton';

/**
 * The connection analytics write page views, reading reports and salts through: hand-written SQL on a driver adapter
 * of its own (lib/db/raw-sql.ts), not the Prisma client, so that the writer thread (server/analytics-writer.ts) needs
 * no Prisma client of its own. One per thread; a connection that failed to open is not kept, the next call tries again.
 */
export function analyticsSql(): Promise<RawSql> {
  const held = processSingleton<{ connection?: Promise<RawSql> }>('analytics-sql', () => ({}));
  if (!held.connection) {
    const connection = connectRawSql(config().DATABASE_URL);
    held.connection = connection;
    connection.catch(() => {
      if (held.connection === connection) held.connection = undefined;
    });
  }
  return held.connection;
}
