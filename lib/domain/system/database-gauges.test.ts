import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { exposition, metrics } from '@/lib/observability/metrics.mjs';
import { buyLocalAudit } from '@/test-support/buy-audit';
import { refreshDatabaseGauges } from './database-gauges';

/**
 * The series /metrics reads from the database at each scrape, from rows seeded here at known times, on an injected
 * clock: the exact lines a scrape shows.
 */
const NOW = new Date('2026-11-26T14:00:00.000Z'); // a Thursday afternoon
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const SERIES = [
  'job_queue_jobs',
  'job_queue_oldest_due_age_seconds',
  'outbox_messages',
  'reports',
  'job_runners',
  'job_runner_last_heartbeat_timestamp_seconds',
];

function job(id: string, type: string, status: string, times: { runAt: Date; leaseExpiresAt?: Date }) {
  return { id, type, status, payload: {}, maxAttempts: 3, createdAt: ago(3600), ...times };
}

function outbox(id: string, status: string) {
  return { id, kind: 'inquiry-notice', status, recipients: [], subject: 's', message: {}, aboutType: 'inquiry', aboutId: 'inq_1', createdAt: ago(600) };
}

/** The exposition's sample lines of the series above, sorted (label sets come in the order the database grouped them). */
async function sampleLines(): Promise<string[]> {
  const { body } = await exposition();
  return body
    .split('\n')
    .filter((line) => SERIES.some((name) => line.startsWith(`${name}{`) || line.startsWith(`${name} `)))
    .sort();
}

beforeAll(async () => {
  metrics('web');
  await db.report.deleteMany();
  // Two paid audits (their reports queued), one of them then ready; what buying enqueued is cleared for the rows below.
  const [, ready] = [await buyLocalAudit(undefined, { now: ago(7200) }), await buyLocalAudit(undefined, { now: ago(7200) })];
  await db.report.update({ where: { token: ready }, data: { status: 'ready', readyAt: ago(3600) } });
  await db.job.deleteMany();
  await db.outboxMessage.deleteMany();
  await db.jobRunner.deleteMany();
  await db.job.createMany({
    data: [
      job('job_due', 'mail.send', 'queued', { runAt: ago(120) }),
      job('job_later', 'mail.send', 'queued', { runAt: new Date(NOW.getTime() + 60_000) }),
      // Its runner's lease ran out 5 minutes ago: due since then, the oldest.
      job('job_abandoned', 'reports.url-audit', 'running', { runAt: ago(900), leaseExpiresAt: ago(300) }),
      job('job_dead', 'payments.process-event', 'dead', { runAt: ago(1800) }),
      job('job_done', 'mail.send', 'succeeded', { runAt: ago(1800) }),
    ],
  });
  await db.outboxMessage.createMany({ data: [outbox('out_1', 'sent'), outbox('out_2', 'sent'), outbox('out_3', 'failed'), outbox('out_4', 'queued')] });
  await db.jobRunner.createMany({
    data: [
      { id: 'host-a:101:x', host: 'host-a', pid: 101, startedAt: ago(3600), lastBeatAt: ago(5) },
      { id: 'host-b:202:y', host: 'host-b', pid: 202, startedAt: ago(3600), lastBeatAt: ago(120) },
      { id: 'host-a:99:z', host: 'host-a', pid: 99, startedAt: ago(7200), lastBeatAt: ago(600), stoppedAt: ago(600) },
    ],
  });
});

describe('refreshDatabaseGauges', () => {
  it('shows the queue by type and state, the oldest due job, the outbox, the reports and the runners as the database holds them at `now`', async () => {
    await refreshDatabaseGauges(NOW);
    expect(await sampleLines()).toEqual([
      'job_queue_jobs{type="mail.send",state="queued",process="web"} 2',
      'job_queue_jobs{type="mail.send",state="succeeded",process="web"} 1',
      'job_queue_jobs{type="payments.process-event",state="dead",process="web"} 1',
      'job_queue_jobs{type="reports.url-audit",state="running",process="web"} 1',
      'job_queue_oldest_due_age_seconds{process="web"} 300',
      // The newest heartbeat: 5 s before now (2026-11-26T14:00:00Z is 1795701600).
      'job_runner_last_heartbeat_timestamp_seconds{process="web"} 1795701595',
      'job_runners{state="alive",process="web"} 1',
      'job_runners{state="silent",process="web"} 1',
      'job_runners{state="stopped",process="web"} 1',
      'outbox_messages{state="failed",process="web"} 1',
      'outbox_messages{state="queued",process="web"} 1',
      'outbox_messages{state="sent",process="web"} 2',
      'reports{state="queued",process="web"} 1',
      'reports{state="ready",process="web"} 1',
    ]);
  });

  it('drops the states no row has any more, and says 0 for the age when no job is due', async () => {
    await db.job.deleteMany({ where: { id: { in: ['job_due', 'job_abandoned'] } } });
    await db.outboxMessage.updateMany({ where: { status: 'queued' }, data: { status: 'sent' } });
    // 40 s later the last heartbeat is 45 s old: past the 30 s a runner may stay silent.
    await refreshDatabaseGauges(new Date(NOW.getTime() + 40_000));
    expect(await sampleLines()).toEqual([
      'job_queue_jobs{type="mail.send",state="queued",process="web"} 1',
      'job_queue_jobs{type="mail.send",state="succeeded",process="web"} 1',
      'job_queue_jobs{type="payments.process-event",state="dead",process="web"} 1',
      'job_queue_oldest_due_age_seconds{process="web"} 0',
      'job_runner_last_heartbeat_timestamp_seconds{process="web"} 1795701595',
      'job_runners{state="alive",process="web"} 0',
      'job_runners{state="silent",process="web"} 2',
      'job_runners{state="stopped",process="web"} 1',
      'outbox_messages{state="failed",process="web"} 1',
      'outbox_messages{state="sent",process="web"} 3',
      'reports{state="queued",process="web"} 1',
      'reports{state="ready",process="web"} 1',
    ]);
  });
});
