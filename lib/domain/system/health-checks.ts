import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { heartbeatStaleAfterMs } from '../../jobs/runner-heartbeats';
import { CALENDAR_ALERT_AFTER_MINUTES, calendarsFailingFor } from '../calendars/failing-calendars';

/*
 * The checks behind /v1/health's `degraded`: is the back half of the site (the job runner, the queue, mail) doing its
 * work? Every check reads the database, so every instance gives the same answer, and reads only indexed rows, since
 * load balancers ask often. `now` is injected: tests run these rules on their own clock.
 */

/** The checks that can degrade the site and raise an alert, under their names in /v1/health's `checks`. */
export const ALERTED_CHECKS = ['jobRunner', 'jobQueue', 'unseenFailures', 'mail', 'calendars'] as const;
export type AlertedCheck = (typeof ALERTED_CHECKS)[number];

/** Mail counts as failing once no message has been delivered for this long since the first failure. */
export const MAIL_FAILING_AFTER_MS = 10 * 60_000;

export interface CheckResult {
  status: 'pass' | 'fail';
  /** What the check found, in a sentence (the alert says the same). */
  detail: string;
  /** When the problem began (a failing check), or when what it watches last did well. Null when not known. */
  since: Date | null;
  /** How many: live runners, jobs waiting, dead jobs and failed messages, messages failing. */
  count: number;
}

export type HealthChecks = Record<AlertedCheck, CheckResult>;

export interface HealthSettings {
  /** This instance runs a job runner (JOB_RUNNER=on): then one is expected even before any has reported. */
  jobRunnerOn: boolean;
  pollMs: number;
  maxJobDelayMs: number;
  /** When this instance started: a runner starting beside it gets the staleness limit to send its first beat. */
  instanceStartedAt: Date;
}

const processStartedAt = new Date(Date.now() - process.uptime() * 1000);

export function healthSettings(): HealthSettings {
  const settings = config();
  return {
    jobRunnerOn: settings.JOB_RUNNER === 'on',
    pollMs: settings.JOB_POLL_MS,
    maxJobDelayMs: settings.HEALTH_MAX_JOB_DELAY_S * 1000,
    instanceStartedAt: processStartedAt,
  };
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * A job runner must have beaten within 3 × JOB_POLL_MS (at least 30 s) whenever one is expected: this instance runs
 * one, or a runner has registered and not stopped (a worker elsewhere, `npm run worker`).
 */
async function checkJobRunner(now: Date, settings: HealthSettings): Promise<CheckResult> {
  const live = await db.jobRunner.findMany({ where: { stoppedAt: null }, select: { lastBeatAt: true } });
  const staleAfterMs = heartbeatStaleAfterMs(settings.pollMs);
  const lastBeat = live.reduce<Date | null>((latest, runner) => (!latest || runner.lastBeatAt > latest ? runner.lastBeatAt : latest), null);
  const alive = live.filter((runner) => now.getTime() - runner.lastBeatAt.getTime() <= staleAfterMs).length;
  if (alive > 0) return { status: 'pass', detail: `${plural(alive, 'job runner')} reporting.`, since: lastBeat, count: alive };
  if (!settings.jobRunnerOn && live.length === 0) return { status: 'pass', detail: 'No job runner is expected here.', since: null, count: 0 };
  const reference = lastBeat && lastBeat > settings.instanceStartedAt ? lastBeat : settings.instanceStartedAt;
  if (now.getTime() - reference.getTime() <= staleAfterMs) return { status: 'pass', detail: 'The job runner is starting.', since: null, count: 0 };
  const detail = lastBeat
    ? `No job runner has sent a heartbeat for ${seconds(now.getTime() - lastBeat.getTime())}: payments, email and reports are not being processed.`
    : 'No job runner has sent a heartbeat since this instance started: payments, email and reports are not being processed.';
  return { status: 'fail', detail, since: lastBeat ?? settings.instanceStartedAt, count: 0 };
}

/** The oldest due job (queued and due, or held by a runner whose lease ran out) must not wait past HEALTH_MAX_JOB_DELAY_S. */
export async function oldestDueJob(now: Date): Promise<{ dueSince: Date | null; count: number }> {
  const dueWhere = {
    OR: [
      { status: 'queued', runAt: { lte: now } },
      { status: 'running', leaseExpiresAt: { lte: now } },
    ],
  };
  const [queued, abandoned, count] = await Promise.all([
    db.job.findFirst({ where: { status: 'queued', runAt: { lte: now } }, orderBy: { runAt: 'asc' }, select: { runAt: true } }),
    db.job.findFirst({ where: { status: 'running', leaseExpiresAt: { lte: now } }, orderBy: { leaseExpiresAt: 'asc' }, select: { leaseExpiresAt: true } }),
    db.job.count({ where: dueWhere }),
  ]);
  const candidates = [queued?.runAt, abandoned?.leaseExpiresAt].filter((date): date is Date => Boolean(date));
  const dueSince = candidates.length > 0 ? new Date(Math.min(...candidates.map((date) => date.getTime()))) : null;
  return { dueSince, count };
}

async function checkJobQueue(now: Date, settings: HealthSettings): Promise<CheckResult> {
  const { dueSince, count } = await oldestDueJob(now);
  const waitedMs = dueSince ? now.getTime() - dueSince.getTime() : 0;
  if (!dueSince || waitedMs <= settings.maxJobDelayMs) {
    return {
      status: 'pass',
      detail: dueSince ? `${plural(count, 'job')} due; the oldest has waited ${seconds(waitedMs)}.` : 'No job is waiting.',
      since: null,
      count,
    };
  }
  return {
    status: 'fail',
    detail: `${plural(count, 'job')} waiting to run; the oldest for ${seconds(waitedMs)} (the limit is ${seconds(settings.maxJobDelayMs)}).`,
    since: dueSince,
    count,
  };
}

/** Dead jobs and messages that failed for good need a person: each counts until an admin marks it seen. */
async function checkUnseenFailures(): Promise<CheckResult> {
  const [deadJobs, failedMessages, oldestJob, oldestMessage] = await Promise.all([
    db.job.count({ where: { status: 'dead', acknowledgedAt: null } }),
    db.outboxMessage.count({ where: { status: 'failed', acknowledgedAt: null } }),
    db.job.findFirst({ where: { status: 'dead', acknowledgedAt: null }, orderBy: { finishedAt: 'asc' }, select: { finishedAt: true } }),
    db.outboxMessage.findFirst({
      where: { status: 'failed', acknowledgedAt: null },
      orderBy: { createdAt: 'asc' },
      select: { failingSince: true, createdAt: true },
    }),
  ]);
  const count = deadJobs + failedMessages;
  if (count === 0) return { status: 'pass', detail: 'No dead job or failed email waits to be seen.', since: null, count: 0 };
  const starts = [oldestJob?.finishedAt, oldestMessage?.failingSince ?? oldestMessage?.createdAt].filter((date): date is Date => Boolean(date));
  return {
    status: 'fail',
    detail: `${plural(deadJobs, 'dead job')} and ${plural(failedMessages, 'failed email')} that no admin has looked at.`,
    since: starts.length > 0 ? new Date(Math.min(...starts.map((date) => date.getTime()))) : null,
    count,
  };
}

/**
 * Mail fails when messages have been failing to go out for more than 10 minutes with none delivered since: the
 * first failure after the last delivery is when it began.
 */
async function checkMail(now: Date): Promise<CheckResult> {
  const lastSent = await db.outboxMessage.findFirst({ where: { status: 'sent' }, orderBy: { sentAt: 'desc' }, select: { sentAt: true } });
  const failingWhere = { status: { in: ['queued', 'failed'] }, failingSince: { not: null, ...(lastSent?.sentAt ? { gt: lastSent.sentAt } : {}) } };
  const [first, count] = await Promise.all([
    db.outboxMessage.findFirst({ where: failingWhere, orderBy: { failingSince: 'asc' }, select: { failingSince: true } }),
    db.outboxMessage.count({ where: failingWhere }),
  ]);
  const since = first?.failingSince ?? null;
  if (!since || now.getTime() - since.getTime() <= MAIL_FAILING_AFTER_MS) {
    return {
      status: 'pass',
      detail: since ? `Mail has been failing for ${seconds(now.getTime() - since.getTime())}.` : 'Mail goes out.',
      since: lastSent?.sentAt ?? null,
      count,
    };
  }
  return {
    status: 'fail',
    detail: `Mail has been failing for ${Math.round((now.getTime() - since.getTime()) / 60_000)} minutes: ${plural(count, 'message')} not delivered.`,
    since,
    count,
  };
}

/**
 * A consultant calendar whose syncs have failed for 30 minutes without a success: bookings for that consultant are
 * not confirmed meanwhile (the staff page shows the error at once; the alert waits out a short outage). A calendar
 * whose syncs stopped without failing (stale: two sync periods without one) fails it too. The detail names only the
 * server's host: it is public.
 */
async function checkCalendars(now: Date): Promise<CheckResult> {
  const failing = await calendarsFailingFor(now);
  const first = failing[0];
  if (!first) return { status: 'pass', detail: 'No consultant calendar has been failing to sync for 30 minutes.', since: null, count: 0 };
  const minutes = Math.round((now.getTime() - first.failingSince.getTime()) / 60_000);
  const others = failing.length > 1 ? ` and ${plural(failing.length - 1, 'other calendar')}` : '';
  const what =
    first.reason === 'failing'
      ? `has failed to sync for ${minutes} minutes (at least ${CALENDAR_ALERT_AFTER_MINUTES}): bookings for them are not confirmed automatically.`
      : `has not synced for ${minutes} minutes (syncs are due every ${config().CALENDAR_SYNC_MINUTES}): is the worker running?`;
  return { status: 'fail', detail: `${first.consultantName}'s calendar (${first.host})${others} ${what}`, since: first.failingSince, count: failing.length };
}

/** Every alerted check, at `now`. */
export async function runHealthChecks(now: Date, settings: HealthSettings = healthSettings()): Promise<HealthChecks> {
  const [jobRunner, jobQueue, unseenFailures, mail, calendars] = await Promise.all([
    checkJobRunner(now, settings),
    checkJobQueue(now, settings),
    checkUnseenFailures(),
    checkMail(now),
    checkCalendars(now),
  ]);
  return { jobRunner, jobQueue, unseenFailures, mail, calendars };
}
