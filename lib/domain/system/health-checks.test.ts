import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { insertJob } from '@/lib/jobs/job-queue';
import { registerRunner } from '@/lib/jobs/runner-heartbeats';
import { getHealth } from '../discovery/discovery';
import { MAIL_FAILING_AFTER_MS, runHealthChecks, type HealthSettings } from './health-checks';
import { acknowledgeFailures } from './system-overview';
import { createStaffUser } from '../staff/accounts';

/** One week, Monday to Sunday: the rules are about elapsed time and must hold on any day. */
const WEEK = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'].map((day) => `${day}T14:00:00.000Z`);
const T0 = WEEK[0]!;
const at = (base: string, ms: number) => new Date(new Date(base).getTime() + ms);

/** An instance with JOB_POLL_MS 500 (silent after 30 s) and HEALTH_MAX_JOB_DELAY_S 300, started an hour before `base`. */
const settingsAt = (base: string, overrides: Partial<HealthSettings> = {}): HealthSettings => ({
  jobRunnerOn: true,
  pollMs: 500,
  maxJobDelayMs: 300_000,
  instanceStartedAt: at(base, -3_600_000),
  ...overrides,
});

beforeEach(async () => {
  await db.job.deleteMany();
  await db.jobRunner.deleteMany();
  await db.outboxMessage.deleteMany();
});

async function outboxRow(id: string, data: { status: string; failingSince?: Date; sentAt?: Date; createdAt: Date }) {
  await db.outboxMessage.create({
    data: { id, kind: 'inquiry-notice', recipients: [], subject: 'S', message: {}, aboutType: 'inquiry', aboutId: 'inq_1', ...data },
  });
}

describe('jobRunner', () => {
  it.each(WEEK)('passes while a runner beats within 30 s, and fails from the first millisecond after (%s)', async (day) => {
    await registerRunner({ id: 'web-1:10:a', host: 'web-1', pid: 10 }, new Date(day));
    const passing = await runHealthChecks(at(day, 30_000), settingsAt(day));
    expect(passing.jobRunner).toEqual({ status: 'pass', detail: '1 job runner reporting.', since: new Date(day), count: 1 });
    const failing = await runHealthChecks(at(day, 30_001), settingsAt(day));
    expect(failing.jobRunner).toEqual({
      status: 'fail',
      detail: 'No job runner has sent a heartbeat for 30 s: payments, email and reports are not being processed.',
      since: new Date(day),
      count: 0,
    });
  });

  it('scales the limit with JOB_POLL_MS above 10 s: 3 × the poll', async () => {
    await registerRunner({ id: 'web-1:10:a', host: 'web-1', pid: 10 }, new Date(T0));
    expect((await runHealthChecks(at(T0, 60_000), settingsAt(T0, { pollMs: 20_000 }))).jobRunner.status).toBe('pass');
    expect((await runHealthChecks(at(T0, 60_001), settingsAt(T0, { pollMs: 20_000 }))).jobRunner.status).toBe('fail');
  });

  it('gives a runner starting beside this instance the same 30 s to send its first beat', async () => {
    const started = settingsAt(T0, { instanceStartedAt: new Date(T0) });
    expect((await runHealthChecks(at(T0, 30_000), started)).jobRunner).toEqual({
      status: 'pass',
      detail: 'The job runner is starting.',
      since: null,
      count: 0,
    });
    expect((await runHealthChecks(at(T0, 30_001), started)).jobRunner).toEqual({
      status: 'fail',
      detail: 'No job runner has sent a heartbeat since this instance started: payments, email and reports are not being processed.',
      since: new Date(T0),
      count: 0,
    });
  });

  it('expects no runner on a web-only instance (JOB_RUNNER=off) until one has registered somewhere; then it must beat', async () => {
    const webOnly = settingsAt(T0, { jobRunnerOn: false });
    expect((await runHealthChecks(at(T0, 600_000), webOnly)).jobRunner).toEqual({
      status: 'pass',
      detail: 'No job runner is expected here.',
      since: null,
      count: 0,
    });
    await registerRunner({ id: 'worker-1:20:b', host: 'worker-1', pid: 20 }, new Date(T0));
    expect((await runHealthChecks(at(T0, 45_000), webOnly)).jobRunner.status).toBe('fail');
    // A runner that stopped cleanly is not expected any more; a new one that beats is.
    await db.jobRunner.update({ where: { id: 'worker-1:20:b' }, data: { stoppedAt: at(T0, 40_000) } });
    expect((await runHealthChecks(at(T0, 45_000), webOnly)).jobRunner.status).toBe('pass');
    await registerRunner({ id: 'worker-1:21:c', host: 'worker-1', pid: 21 }, at(T0, 44_000));
    expect((await runHealthChecks(at(T0, 45_000), webOnly)).jobRunner).toMatchObject({ status: 'pass', count: 1 });
  });
});

describe('jobQueue', () => {
  it.each(WEEK)('fails once the oldest due job has waited longer than HEALTH_MAX_JOB_DELAY_S (%s)', async (day) => {
    await db.$transaction(async (tx) => {
      await insertJob(tx, { type: 'diagnostics.noop', payload: {}, runAt: new Date(day) });
      await insertJob(tx, { type: 'diagnostics.noop', payload: {}, runAt: at(day, 200_000) });
      await insertJob(tx, { type: 'diagnostics.noop', payload: {}, runAt: at(day, 3_600_000) }); // not due yet
    });
    expect((await runHealthChecks(at(day, 300_000), settingsAt(day))).jobQueue).toEqual({
      status: 'pass',
      detail: '2 jobs due; the oldest has waited 300 s.',
      since: null,
      count: 2,
    });
    expect((await runHealthChecks(at(day, 300_001), settingsAt(day))).jobQueue).toEqual({
      status: 'fail',
      detail: '2 jobs waiting to run; the oldest for 300 s (the limit is 300 s).',
      since: new Date(day),
      count: 2,
    });
  });

  it('counts a running job whose lease ran out (its runner died) as due since the lease ended', async () => {
    const id = await db.$transaction((tx) => insertJob(tx, { type: 'diagnostics.noop', payload: {}, runAt: new Date(T0) }));
    await db.job.update({ where: { id }, data: { status: 'running', leaseOwner: 'gone:1:x', leaseExpiresAt: at(T0, 60_000) } });
    expect((await runHealthChecks(at(T0, 360_000), settingsAt(T0))).jobQueue.status).toBe('pass');
    expect((await runHealthChecks(at(T0, 360_001), settingsAt(T0))).jobQueue).toMatchObject({ status: 'fail', since: at(T0, 60_000), count: 1 });
  });
});

describe('unseenFailures', () => {
  it('fails while a dead job or a failed email waits for an admin, and passes once an admin marked them seen', async () => {
    const id = await db.$transaction((tx) => insertJob(tx, { type: 'diagnostics.noop', payload: {}, runAt: new Date(T0) }));
    await db.job.update({ where: { id }, data: { status: 'dead', finishedAt: at(T0, 5_000) } });
    await outboxRow('out_failed', { status: 'failed', failingSince: at(T0, 1_000), createdAt: new Date(T0) });
    expect((await runHealthChecks(at(T0, 60_000), settingsAt(T0))).unseenFailures).toEqual({
      status: 'fail',
      detail: '1 dead job and 1 failed email that no admin has looked at.',
      since: at(T0, 1_000),
      count: 2,
    });
    const admin = await createStaffUser({ email: 'admin@health.example', displayName: 'Admin', role: 'admin', password: 'a long admin password' });
    expect(await acknowledgeFailures(admin, at(T0, 70_000))).toEqual({ jobs: 1, messages: 1 });
    expect((await runHealthChecks(at(T0, 80_000), settingsAt(T0))).unseenFailures).toEqual({
      status: 'pass',
      detail: 'No dead job or failed email waits to be seen.',
      since: null,
      count: 0,
    });
    expect(await db.auditLog.findFirst({ where: { action: 'system.acknowledge-failures' }, select: { details: true } })).toEqual({
      details: { jobs: 1, messages: 1 },
    });
  });
});

describe('mail', () => {
  it.each(WEEK)('fails once messages have failed for more than 10 minutes with none delivered since (%s)', async (day) => {
    await outboxRow('out_sent', { status: 'sent', sentAt: at(day, -60_000), createdAt: at(day, -70_000) });
    await outboxRow('out_retrying', { status: 'queued', failingSince: new Date(day), createdAt: new Date(day) });
    await outboxRow('out_gave_up', { status: 'failed', failingSince: at(day, 30_000), createdAt: at(day, 30_000) });
    expect((await runHealthChecks(at(day, MAIL_FAILING_AFTER_MS), settingsAt(day))).mail.status).toBe('pass');
    expect((await runHealthChecks(at(day, MAIL_FAILING_AFTER_MS + 1), settingsAt(day))).mail).toEqual({
      status: 'fail',
      detail: 'Mail has been failing for 10 minutes: 2 messages not delivered.',
      since: new Date(day),
      count: 2,
    });
  });

  it('passes again as soon as a message goes out', async () => {
    await outboxRow('out_retrying', { status: 'queued', failingSince: new Date(T0), createdAt: new Date(T0) });
    await outboxRow('out_sent_after', { status: 'sent', sentAt: at(T0, 700_000), createdAt: at(T0, 690_000) });
    expect((await runHealthChecks(at(T0, 800_000), settingsAt(T0))).mail).toEqual({
      status: 'pass',
      detail: 'Mail goes out.',
      since: at(T0, 700_000),
      count: 0,
    });
  });
});

describe('getHealth', () => {
  it('is healthy with every check passing, and lists them', async () => {
    await registerRunner({ id: 'web-1:10:a', host: 'web-1', pid: 10 }, new Date(T0));
    const health = await getHealth(at(T0, 1_000), settingsAt(T0));
    expect(health.status).toBe('healthy');
    expect(Object.fromEntries(Object.entries(health.checks!).map(([name, check]) => [name, check.status]))).toEqual({
      database: 'pass',
      content: 'pass',
      jobRunner: 'pass',
      jobQueue: 'pass',
      unseenFailures: 'pass',
      mail: 'pass',
    });
    expect(health.checks!.jobRunner).toEqual({ status: 'pass', detail: '1 job runner reporting.', since: T0, count: 1 });
  });

  it('is degraded (its other fields as before) when the runner is silent, and says why', async () => {
    await registerRunner({ id: 'web-1:10:a', host: 'web-1', pid: 10 }, new Date(T0));
    const health = await getHealth(at(T0, 45_000), settingsAt(T0));
    expect(health).toMatchObject({ status: 'degraded', timestamp: '2026-11-23T14:00:45.000Z', version: '1.0.0' });
    expect(health.checks!.jobRunner).toEqual({
      status: 'fail',
      detail: 'No job runner has sent a heartbeat for 45 s: payments, email and reports are not being processed.',
      since: T0,
      count: 0,
    });
  });
});
