import { superviseThread } from './supervised-thread.mjs';

/**
 * The job runner (dist/worker.mjs, compiled from server/worker.ts) as a worker thread of this process: what
 * `npm start` runs beside the web server when JOB_RUNNER is on. A thread instead of a second Node process saves that
 * process's own memory (its runtime, its copy of the libraries both load); `npm run worker` still runs the same runner
 * as a process of its own, for machines that scale out. The thread sends its metrics (`onMessage`) and is restarted
 * when it dies; `stop()` asks it to finish its jobs and resolves when it has ended.
 */
export function startRunnerThread({ entry, onMessage, log }) {
  return superviseThread({ entry, name: 'job runner', stopMessage: { type: 'jobs:stop' }, onMessage, log });
}
