import { config } from '@/lib/config';
import { lazyImport } from '@/lib/core/lazy-import';
import { connectRawSql, type RawSql } from '@/lib/db/raw-sql';
import { processSingleton } from '@/lib/process-singleton';

/**
 * The connection analytics write page views, reading reports and salts through: hand-written SQL on a driver adapter
 * of its own (lib/db/raw-sql.ts), not the Prisma client, so that the writer thread (server/analytics-writer.ts) needs
 * no Prisma client of its own. One per thread, opened on first use; one that failed to open is tried again
 * on the next call (lazyImport's rule).
 */
export const analyticsSql = (): Promise<RawSql> => processSingleton('analytics-sql', () => lazyImport(() => connectRawSql(config().DATABASE_URL)))();
