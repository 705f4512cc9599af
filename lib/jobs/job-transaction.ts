import { db } from '@/lib/db/client';
import { isSqliteBusy } from '@/lib/db/db-errors';
import { databaseEngine } from '@/lib/db/engine';
import type { Prisma } from '@/lib/generated/prisma/client';
import { wakeJobRunner } from '@/lib/jobs/wake';
import type { JobSpec } from './job-queue';
import { insertJob } from './job-queue';
import type { JobType } from './job-types';

export interface JobEnqueuer {
  enqueue<T extends JobType>(spec: JobSpec<T>): Promise<void>;
}

/** How often a transaction SQLite refused as busy is run again before the refusal stands. */
const SQLITE_BUSY_ATTEMPTS = 4;

/**
 * The outbox pattern in one call: `work` writes its records and enqueues their follow-up jobs in one
 * transaction, so an acknowledged request never loses its follow-up work; once it commits, the runner is woken.
 *
 * On SQLite a transaction refused as busy runs again (a few times, after a short random pause). The adapter runs
 * every query of the process on one connection, so other requests' reads between this transaction's BEGIN and its
 * first write start its snapshot early; when another process (the job runner) commits meanwhile, SQLite refuses the
 * write at once (SQLITE_BUSY_SNAPSHOT) instead of waiting. The whole transaction was rolled back, so running it again
 * is safe. Many simultaneous bookings while the runner writes calendar events back hit this.
 */
export async function transactionWithJobs<T>(work: (tx: Prisma.TransactionClient, jobs: JobEnqueuer) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let enqueued = 0;
    try {
      const result = await db.$transaction(async (tx) =>
        work(tx, {
          async enqueue(spec) {
            await insertJob(tx, spec);
            enqueued += 1;
          },
        }),
      );
      if (enqueued > 0) wakeJobRunner();
      return result;
    } catch (error) {
      if (attempt >= SQLITE_BUSY_ATTEMPTS || databaseEngine() !== 'sqlite' || !isSqliteBusy(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
    }
  }
}
