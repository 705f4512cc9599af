import { Worker } from 'node:worker_threads';

/** A crashed runner is restarted after this long (doubling up to a minute), while the web server keeps serving. */
const RESTART_MS = 1000;

/**
 * The job runner (dist/worker.mjs, compiled from server/worker.ts) as a worker thread of this process: what
 * `npm start` runs beside the web server when JOB_RUNNER is on. A thread instead of a second Node process saves that
 * process's own memory (its runtime, its copy of the libraries both load); `npm run worker` still runs the same runner
 * as a process of its own, for machines that scale out. The thread sends its metrics (`onMessage`) and is restarted
 * when it dies; `stop()` asks it to finish its jobs and resolves when it has ended.
 */
export function startRunnerThread({ entry, onMessage = () => {}, log = console.warn }) {
  let thread = null;
  let stopping = false;
  let restartDelay = RESTART_MS;
  let ended = Promise.resolve();

  const start = () => {
    const started = Date.now();
    thread = new Worker(entry);
    thread.on('message', onMessage);
    thread.on('error', (error) => log(`job runner thread failed: ${error.stack ?? error.message}`));
    ended = new Promise((resolve) =>
      thread.once('exit', (code) => {
        resolve();
        if (stopping) return;
        // Stable for a minute: the next crash is a new problem, so restart quickly again.
        if (Date.now() - started > 60_000) restartDelay = RESTART_MS;
        log(`job runner thread exited (${code}); restarting in ${restartDelay} ms`);
        setTimeout(() => !stopping && start(), restartDelay).unref();
        restartDelay = Math.min(restartDelay * 2, 60_000);
      }),
    );
  };
  start();

  return {
    get threadId() {
      return thread?.threadId;
    },
    /** Stops claiming; resolves once the running jobs finished (or were handed back) and the thread ended. */
    async stop() {
      if (!stopping) {
        stopping = true;
        thread?.postMessage({ type: 'jobs:stop' });
      }
      await ended;
    },
  };
}
