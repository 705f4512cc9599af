import { config, ConfigError } from '@/lib/config';
import { db } from '@/lib/db/client';
import { calendarKeyProblem } from '../lib/domain/calendars/calendar-key-check';
import { jobHandlers } from '../lib/domain/jobs/job-handlers';
import { JobRunner } from '../lib/jobs/job-runner';

const log = (line: string) => console.log(line);

/**
 * The job runner as a process of its own: `npm run worker`, and the sibling of the web server under `npm start`.
 * SIGTERM or SIGINT stops claiming, lets running jobs finish within JOB_SHUTDOWN_GRACE_MS, hands the rest back to
 * the queue and exits 0. Under `npm start` the parent relays "work was committed" messages, and the worker also
 * shuts down cleanly when the parent goes away.
 */
export async function runWorkerProcess(): Promise<void> {
  let settings;
  try {
    settings = config();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const calendarKey = await calendarKeyProblem();
  if (calendarKey) {
    console.error(`Invalid configuration:\n  - ${calendarKey}`);
    process.exit(1);
  }
  const runner = new JobRunner({
    handlers: jobHandlers,
    concurrency: settings.JOB_CONCURRENCY,
    pollMs: settings.JOB_POLL_MS,
    leaseMs: settings.JOB_LEASE_MS,
    graceMs: settings.JOB_SHUTDOWN_GRACE_MS,
    log,
  });
  runner.start();
  log(`[jobs ${runner.owner}] runner started: concurrency ${settings.JOB_CONCURRENCY}, poll ${settings.JOB_POLL_MS} ms, lease ${settings.JOB_LEASE_MS} ms`);

  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log(`[jobs ${runner.owner}] ${reason}: no new jobs; finishing ${runner.activeJobIds.length} running (grace ${settings.JOB_SHUTDOWN_GRACE_MS} ms)`);
    const { finished, released } = await runner.stop();
    log(`[jobs ${runner.owner}] stopped: ${finished} finished, ${released} handed back`);
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
