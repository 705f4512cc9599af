import { isMainThread, parentPort } from 'node:worker_threads';
import { config, ConfigError } from '@/lib/config';
import { db } from '@/lib/db/client';
import { calendarKeyProblem } from '../lib/domain/calendars/calendar-key-check';
import { componentLogger, logger, routeConsoleToLogger } from '@/lib/observability/logger.mjs';
import { beforeScrape, metrics, RUNNER_SNAPSHOT_EVERY_MS, runnerSnapshot } from '@/lib/observability/metrics.mjs';
import { metricsAccess, startMetricsListener } from '@/lib/observability/metrics-endpoint.mjs';
import { flushTraces, startTracing } from '@/lib/observability/tracing.mjs';
import { jobHandlers } from '../lib/domain/jobs/job-handlers';
import { refreshDatabaseGauges, startHealthWatch } from '../lib/domain/system';
import { JobRunner } from '../lib/jobs/job-runner';
import { onJobsWake } from '../lib/jobs/wake';
import { systemdNotifier } from './systemd-notify.mjs';

type ParentMessage = { type?: string };

/**
 * The way to the process that started the runner, if any: under `npm start` the runner is a worker thread of the web
 * server (server/runner-thread.mjs) and talks through `parentPort`; under the test servers (server/serve.mjs) it is a
 * child process with an IPC channel. `npm run worker` on its own has neither.
 */
function parentChannel(): { send(message: object): void; onMessage(listener: (message: ParentMessage) => void): void } | null {
  if (!isMainThread && parentPort) {
    const port = parentPort;
    return { send: (message) => port.postMessage(message), onMessage: (listener) => port.on('message', listener) };
  }
  if (typeof process.send === 'function') {
    return {
      send: (message) => {
        if (process.connected) process.send!(message, undefined, undefined, () => {});
      },
      onMessage: (listener) => process.on('message', listener),
    };
  }
  return null;
}

/**
 * Its metrics: under `npm start` they go to the web server every few seconds, which shows them on its /metrics beside
 * its own; a runner on its own (`npm run worker`) serves them on METRICS_PORT.
 */
async function publishMetrics(runner: JobRunner, parent: ReturnType<typeof parentChannel>): Promise<() => Promise<void>> {
  if (parent) {
    const send = async () => parent.send(await runnerSnapshot(runner.owner));
    const timer = setInterval(() => void send().catch(() => {}), RUNNER_SNAPSHOT_EVERY_MS);
    timer.unref();
    await send().catch(() => {});
    return async () => clearInterval(timer);
  }
  const { port, host } = metricsAccess();
  if (!port) return async () => {};
  beforeScrape(() => refreshDatabaseGauges());
  const listener = await startMetricsListener({ port, host });
  return () => listener.close();
}

/**
 * The job runner: a process of its own under `npm run worker` (and the test servers), a worker thread of the web
 * server under `npm start` (server/runner-thread.mjs). SIGTERM or SIGINT (in a thread: a "jobs:stop" message) stops
 * claiming, lets running jobs finish within JOB_SHUTDOWN_GRACE_MS, hands the rest back to the queue and exits 0 (a
 * thread ends, its process goes on). Committed work wakes it at once (lib/jobs/wake.ts); a child process also shuts
 * down cleanly when its parent goes away. It logs JSON lines (lib/observability/logger.mjs), traces its jobs when
 * OTLP is configured, beats a heartbeat for the health check, and watches the health checks for alerts.
 */
export async function runWorkerProcess(): Promise<void> {
  logger('runner');
  metrics('runner');
  routeConsoleToLogger();
  const log = componentLogger('jobs');
  let settings;
  try {
    settings = config();
  } catch (error) {
    log.fatal(error instanceof ConfigError ? error.message : String(error));
    process.exit(1);
  }
  const calendarKey = await calendarKeyProblem();
  if (calendarKey) {
    log.fatal(`Invalid configuration:\n  - ${calendarKey}`);
    process.exit(1);
  }
  await startTracing('runner');
  // throughline-worker.service (Type=notify, WatchdogSec): ready at the first heartbeat, then one watchdog ping per
  // heartbeat, so a runner that can no longer write to the database (or is stuck) is restarted by systemd.
  const systemd = systemdNotifier(isMainThread ? process.env : { NODE_ENV: process.env.NODE_ENV }, (line) => log.warn(line));
  let announced = false;
  const runner = new JobRunner({
    onHeartbeat: () => {
      if (!announced) systemd.ready();
      announced = true;
      systemd.watchdog();
    },
    handlers: jobHandlers,
    concurrency: settings.JOB_CONCURRENCY,
    pollMs: settings.JOB_POLL_MS,
    leaseMs: settings.JOB_LEASE_MS,
    graceMs: settings.JOB_SHUTDOWN_GRACE_MS,
    heartbeats: true,
  });
  runner.start();
  const runnerLog = log.child({ runner: runner.owner });
  runnerLog.info(`runner started: concurrency ${settings.JOB_CONCURRENCY}, poll ${settings.JOB_POLL_MS} ms, lease ${settings.JOB_LEASE_MS} ms`);
  const watch = startHealthWatch();
  const parent = parentChannel();
  const stopMetrics = await publishMetrics(runner, parent);

  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    systemd.stopping();
    runnerLog.info(`${reason}: no new jobs; finishing ${runner.activeJobIds.length} running (grace ${settings.JOB_SHUTDOWN_GRACE_MS} ms)`);
    const { finished, released } = await runner.stop();
    runnerLog.info(`stopped: ${finished} finished, ${released} handed back`);
    await Promise.all([watch.stop(), stopMetrics(), flushTraces()]);
    await db.$disconnect();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  parent?.onMessage((message) => {
    if (message?.type === 'jobs:wake') runner.wake();
    // A thread gets no signals: the web server that hosts it asks it to stop when it gets one.
    if (message?.type === 'jobs:stop') void shutdown('the web server is stopping');
  });
  // Under `npm start` the web server's requests wake the runner thread over this channel (lib/jobs/wake.ts).
  if (!isMainThread) onJobsWake(() => runner.wake());
  process.on('disconnect', () => void shutdown('parent process gone'));
}
