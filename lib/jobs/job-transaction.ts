import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { wakeJobRunner } from '@/lib/jobs/wake';
import type { JobSpec } from './job-queue';
import { insertJob } from './job-queue';
import type { JobType } from './job-types';

export interface JobEnqueuer {
  /** Returns the new job's id (for a keyed job that already existed, an id that was not used). */
  enqueue<T extends JobType>(spec: JobSpec<T>): Promise<string>;
}

/**
 * The outbox pattern in one call: `work` writes its records and enqueues their follow-up jobs in one
 * transaction, so an acknowledged request never loses its follow-up work; once it commits, the runner is woken.
 */
export async function transactionWithJobs<T>(work: (tx: Prisma.TransactionClient, jobs: JobEnqueuer) => Promise<T>): Promise<T> {
  let enqueued = 0;
  const result = await db.$transaction(async (tx) =>
    work(tx, {
      async enqueue(spec) {
        const id = await insertJob(tx, spec);
        enqueued += 1;
        return id;
      },
    }),
  );
  if (enqueued > 0) wakeJobRunner();
  return result;
}
