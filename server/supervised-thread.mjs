import { Worker } from 'node:worker_threads';
import { restartBackoff } from './restart-backoff.mjs';

/**
 * A worker thread of the web server's process that is restarted when it dies: the job runner (runner-thread.mjs) and
 * the analytics writer (analytics-writer-thread.mjs). `stop()` posts `stopMessage`, after which the thread finishes its work
 * and ends; it resolves once the thread has ended and is not restarted. A thread that dies is restarted after
 * `backoff`'s delay (restart-backoff.mjs).
 */
export function superviseThread({ entry, name, stopMessage, onMessage = () => {}, log = console.warn, backoff = restartBackoff() }) {
  let thread = null;
  let stopping = false;
  let ended = Promise.resolve();

  const start = () => {
    const started = Date.now();
    thread = new Worker(entry);
    thread.on('message', onMessage);
    thread.on('error', (error) => log(`${name} thread failed: ${error.stack ?? error.message}`));
    ended = new Promise((resolve) =>
      thread.once('exit', (code) => {
        resolve();
        if (stopping) return;
        const delay = backoff.delayAfter(started);
        log(`${name} thread exited (${code}); restarting in ${delay} ms`);
        setTimeout(() => !stopping && start(), delay).unref();
      }),
    );
  };
  start();

  return {
    get threadId() {
      return thread?.threadId;
    },
    /** Sends the thread a message (moving the ArrayBuffers of `transfer` to it); false when it is not running (between a crash and its restart, or stopped). */
    post(message, transfer) {
      if (stopping || !thread) return false;
      thread.postMessage(message, transfer);
      return true;
    },
    /** Resolves once the thread has ended (immediately when it is not running). */
    ended: () => ended,
    async stop() {
      if (!stopping) {
        stopping = true;
        thread?.postMessage(stopMessage);
      }
      await ended;
    },
  };
}
