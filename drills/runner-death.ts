import type { ChildProcess } from 'node:child_process';
import { spawnWorker } from '../server/processes.mjs';
import type { DrillForm, DrillResult, Log } from '../test-support/drills/drill-result';
import { firstProblems, sleep } from '../test-support/drills/drill-result';
import { startProductionServer } from '../test-support/drills/production-server';
import { enqueueSlowJob, jobState } from '../test-support/drills/slow-job';
import { startSmtpSink } from '../test-support/mail/smtp-sink';
import { openTestSql } from '../test-support/test-sql';
import { createTestDatabase } from '../test-support/test-server.mjs';

/** A runner's lease in this drill: long, so that a job that runs again before it ends was handed back, not taken over. */
const LEASE_MS = 60_000;
const ALERT_EMAIL = 'ops@runner-death.example';

/**
 * A web instance (JOB_RUNNER=off) and a job runner of its own (`npm run worker`), as a deployment with separate
 * workers runs them. The runner is killed with SIGKILL in the middle of a job and stays dead: the web instance must
 * notice from the heartbeat, answer `degraded` on /v1/health, and send one alert email (recorded in the outbox) while
 * the runner is still down. Then a runner starts again on the same host: the killed job must run again at once, not
 * after its lease, and the all-clear must follow. Reports the times from the kill to `degraded` and to the alert, and
 * from the restart to the job running again. The same in both forms (the heartbeat's 30 s limit sets its length).
 */
export async function runnerDeathDrill({ log = () => {} }: { form: DrillForm; log?: Log }): Promise<DrillResult> {
  const problems: string[] = [];
  const figures: DrillResult['figures'] = [];
  const database = await createTestDatabase('toc-drill-runner-');
  const sink = await startSmtpSink();
  const env = {
    SMTP_URL: sink.url,
    ALERT_EMAIL,
    JOB_POLL_MS: '100',
    JOB_LEASE_MS: String(LEASE_MS),
    LOG_LEVEL: 'info',
    NODE_ENV: 'production' as const,
  };
  const server = await startProductionServer({ databaseUrl: database.databaseUrl, env: { ...env, JOB_RUNNER: 'off' } });
  const workers: ChildProcess[] = [];
  const startWorker = () => {
    const worker = spawnWorker({ env: { ...process.env, ...env, DATABASE_URL: database.databaseUrl, SITE_URL: server.baseUrl }, stdio: 'ignore' });
    workers.push(worker);
    return worker;
  };
  const sql = openTestSql(database.databaseUrl);
  const health = async () =>
    ((await (await fetch(`${server.baseUrl}/v1/health`)).json()) as { status: string; checks: Record<string, { status: string }> }).status;
  const alerts = (subject: string) => sink.messages.filter((message) => message.parsed.subject?.startsWith(subject));
  const waitFor = async <T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline) {
        problems.push(`${what}: not within ${timeoutMs / 1000} s`);
        return null;
      }
      await sleep(100);
    }
  };
  try {
    const startedAt = Date.now();
    const first = startWorker();
    const job = await enqueueSlowJob(database.databaseUrl, 20_000);
    const running = await waitFor(
      'the runner to start the job',
      async () => {
        const row = await sql.get<{ status: string; leaseOwner: string | null }>('SELECT status, "leaseOwner" FROM "Job" WHERE id = ?', job);
        return row?.status === 'running' && row.leaseOwner?.includes(`:${first.pid}:`) && Date.now();
      },
      30_000,
    );
    if (!running) return { drill: 'runner-death', figures, problems };
    figures.push(['runner start → the job running (s)', ((running - startedAt) / 1000).toFixed(1)]);
    if ((await health()) !== 'healthy') problems.push('the site was not healthy before the kill');

    const killedAt = Date.now();
    first.kill('SIGKILL');
    log('runner killed with SIGKILL');
    const degraded = await waitFor('/v1/health to say degraded', async () => (await health()) === 'degraded' && Date.now(), 120_000);
    if (degraded) figures.push(['kill -9 of the runner → /v1/health degraded (s)', ((degraded - killedAt) / 1000).toFixed(1)]);
    const alerted = await waitFor('the alert email', () => alerts('[ALERT]').length > 0 && Date.now(), 120_000);
    if (alerted) {
      figures.push(['kill -9 of the runner → alert email received (s)', ((alerted - killedAt) / 1000).toFixed(1)]);
      const [alert] = alerts('[ALERT]');
      if (alert!.envelope.rcptTo.join() !== ALERT_EMAIL) problems.push(`the alert went to ${alert!.envelope.rcptTo.join()}, not ALERT_EMAIL`);
      // The sender records `sent` after the SMTP server's answer, so the sink can see the message a moment before the
      // outbox says so (seconds, on a loaded machine): wait for the record rather than read it once.
      await waitFor(
        'the alert to be recorded as sent in the outbox',
        async () => (await sql.get<{ status: string }>(`SELECT status FROM "OutboxMessage" WHERE kind = 'system-alert'`))?.status === 'sent',
        15_000,
      );
    }
    log(`degraded after ${degraded ? degraded - killedAt : '?'} ms, alerted after ${alerted ? alerted - killedAt : '?'} ms; restarting the runner`);
    // A few more looks: still one alert for one incident.
    await sleep(6_000);
    if (alerts('[ALERT]').length !== 1) problems.push(`${alerts('[ALERT]').length} alert emails for one incident`);

    const restartedAt = Date.now();
    const second = startWorker();
    // Most of a restart is the process starting (node, tsx, Prisma): its first heartbeat row tells the two apart.
    const [registered, rerun] = await Promise.all([
      waitFor(
        'the restarted runner to register',
        async () => Boolean(await sql.get('SELECT id FROM "JobRunner" WHERE pid = ?', second.pid!)) && Date.now(),
        LEASE_MS,
      ),
      waitFor(
        'the killed job to run again',
        async () => {
          const row = await sql.get<{ attempts: number; leaseOwner: string | null }>('SELECT attempts, "leaseOwner" FROM "Job" WHERE id = ?', job);
          return row?.attempts === 2 && row.leaseOwner?.includes(`:${second.pid}:`) && Date.now();
        },
        LEASE_MS,
      ),
    ]);
    if (rerun) figures.push(['runner restart → the killed job running again (s)', ((rerun - restartedAt) / 1000).toFixed(1)]);
    if (registered && rerun) figures.push(["restarted runner's first heartbeat → the killed job running again (s)", ((rerun - registered) / 1000).toFixed(1)]);
    const healthy = await waitFor('/v1/health to say healthy again', async () => (await health()) === 'healthy' && Date.now(), 60_000);
    if (healthy) figures.push(['runner restart → /v1/health healthy (s)', ((healthy - restartedAt) / 1000).toFixed(1)]);
    const cleared = await waitFor('the all-clear email', () => alerts('[RESOLVED]').length > 0 && Date.now(), 60_000);
    if (cleared) figures.push(['runner restart → all-clear email received (s)', ((cleared - restartedAt) / 1000).toFixed(1)]);
    const finished = await waitFor('the killed job to finish', async () => (await jobState(database.databaseUrl, job))?.status === 'succeeded', 40_000);
    if (!finished) problems.push(`the killed job ended ${(await jobState(database.databaseUrl, job))?.status}`);
  } finally {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    server.signal('SIGKILL', 'group');
    await sql.close();
    await sink.stop();
    await database.remove();
  }
  return { drill: 'runner-death', figures, problems: firstProblems(problems) };
}
