import { config, ConfigError } from '@/lib/config';
import { db } from '@/lib/db/client';
import { componentLogger, logger, routeConsoleToLogger } from '@/lib/observability/logger.mjs';
import { beforeScrape, metrics, RUNNER_SNAPSHOT_EVERY_MS, runnerSnapshot } from '@/lib/observability/metrics.mjs';
import { metricsAccess, startMetricsListener } from '@/lib/observability/metrics-endpoint.mjs';
import { flushTraces, startTracing } from '@/lib/observability/tracing.mjs';
import { jobHandlers } from '../lib/domain/jobs/job-handlers';
import { refreshDatabaseGauges, startHealthWatch } from '../lib/domain/system';
import { JobRunner } from '../lib/jobs/job-runner';

/**
 * Its metrics: under `npm start` they go to the web server every few seconds (server/serve.mjs relays them), which
 * shows them on its /metrics beside its own; a runner on its own (`npm run worker`) serves them on METRICS_PORT.
 */
async function publishMetrics(runner: JobRunner): Promise<() => Promise<void>> {
  if (typeof process.send === 'function') {
    const send = async () => {
      if (process.connected) process.send!(await runnerSnapshot(runner.owner), undefined, undefined, () => {});
    };
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
 * The job runner as a process of its own: `npm run worker`, and the sibling of the web server under `npm start`.
 * SIGTERM or SIGINT stops claiming, lets running jobs finish within JOB_SHUTDOWN_GRACE_MS, hands the rest back to
 * the queue and exits 0. Under `npm start` the parent relays "work was committed" messages, and the worker also
 * shuts down cleanly when the parent goes away. It logs JSON lines (lib/observability/logger.mjs), traces its jobs
 * when OTLP is configured, beats a heartbeat for the health check, and watches the health checks for alerts.
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
  await startTracing('runner');
  const runner = new JobRunner({
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
  const stopMetrics = await publishMetrics(runner);

  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    runnerLog.info(`${reason}: no new jobs; finishing ${runner.activeJobIds.length} running (grace ${settings.JOB_SHUTDOWN_GRACE_MS} ms)`);
    const { finished, released } = await runner.stop();
    runnerLog.info(`stopped: ${finished} finished, ${released} handed back`);
    await Promise.all([watch.stop(), stopMetrics(), flushTraces()]);
    await db.$disconnect();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'jobs:wake') runner.wake();
  });
  process.on('disconnect', () => void shutdown('parent process gone'));
}
