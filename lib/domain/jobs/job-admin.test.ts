import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import type { StaffActor } from '../staff/roles';
import { jobOverview, retryDeadJob } from './job-admin';

const admin: StaffActor = { id: 'stf_admin', email: 'admin@throughline.example', displayName: 'Ada Admin', role: 'admin' };
const NOW = new Date('2026-04-01T08:00:00Z');

beforeEach(async () => {
  await db.job.deleteMany();
  await db.staffUser.upsert({
    where: { id: admin.id },
    create: { id: admin.id, email: admin.email, displayName: admin.displayName, role: 'admin', passwordHash: 'x' },
    update: {},
  });
  await db.job.createMany({
    data: [
      {
        id: 'job_dead',
        type: 'payments.expire-session',
        payload: { checkoutToken: 't' },
        status: 'dead',
        runAt: NOW,
        attempts: 8,
        maxAttempts: 8,
        lastError: 'Error: Stripe unreachable',
        finishedAt: NOW,
      },
      { id: 'job_done', type: 'diagnostics.noop', payload: {}, status: 'succeeded', runAt: NOW, attempts: 1, maxAttempts: 3, finishedAt: NOW },
    ],
  });
});

describe('jobs for staff', () => {
  it('counts jobs by status and lists the dead ones with their last error', async () => {
    const overview = await jobOverview();
    expect(overview.counts).toEqual({ queued: 0, running: 0, succeeded: 1, dead: 1, cancelled: 0 });
    expect(overview.dead.map((job) => [job.id, job.lastError])).toEqual([['job_dead', 'Error: Stripe unreachable']]);
  });

  it('retries a dead job with fresh attempts, now, and records who did it', async () => {
    await retryDeadJob(admin, 'job_dead', NOW);
    expect(await db.job.findUniqueOrThrow({ where: { id: 'job_dead' } })).toMatchObject({
      status: 'queued',
      attempts: 0,
      runAt: NOW,
      finishedAt: null,
      lastError: 'Error: Stripe unreachable',
    });
    const entry = await db.auditLog.findFirstOrThrow({ where: { entityType: 'job', entityId: 'job_dead' } });
    expect(entry).toMatchObject({ action: 'job.retry', actorEmail: 'admin@throughline.example', details: { jobType: 'payments.expire-session' } });
  });

  it('refuses to retry a job that is not dead, and an unknown one', async () => {
    await expect(retryDeadJob(admin, 'job_done')).rejects.toThrow('Only a dead job can be retried; this one is succeeded.');
    await expect(retryDeadJob(admin, 'job_missing')).rejects.toThrow("Job 'job_missing' was not found.");
  });
});
